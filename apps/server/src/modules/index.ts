import type { Module } from './types.ts';
import { authModule } from './auth/index.ts';
import { rbacModule } from './rbac/index.ts';
import { systemModule } from './system/index.ts';
import { tenancyModule } from './tenancy/index.ts';
import { repairModule } from './repair/index.ts';
import { regionModule } from './region/index.ts';
import { documentModule } from './document/index.ts';
import { paymentModule } from './payment/index.ts';
import { estateModule } from './estate/index.ts';
import { feesModule } from './fees/index.ts';
import { dashboardModule } from './dashboard/index.ts';
import { noticeModule } from './notice/index.ts';
import { patrolModule } from './patrol/index.ts';
import { operatorModule } from './operator/index.ts';
import { parkingModule } from './parking/index.ts';
import { visitorModule } from './visitor/index.ts';
import { accessModule } from './access/index.ts';
import { videoModule } from './video/index.ts';
import { communityModule } from './community/index.ts';
import { residentModule } from './resident/index.ts';
import { figuresModule } from './figures/index.ts';
import { preventionModule } from './prevention/index.ts';

/** Registration order is fixed: identity first, then the domains. */
export const modules: readonly Module[] = [
  authModule,
  rbacModule,
  tenancyModule,
  systemModule,
  regionModule,
  documentModule,
  paymentModule,
  repairModule,
  estateModule,
  feesModule,
  noticeModule,
  operatorModule,
  patrolModule,
  parkingModule,
  // before access: door rights read the visitors' passes through its index
  visitorModule,
  accessModule,
  videoModule,
  communityModule,
  residentModule,
  // after every source it counts, before the screens that read it
  figuresModule,
  preventionModule,
  dashboardModule,
];

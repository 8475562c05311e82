import type { Module } from '../types.ts';
import { systemRoutes } from './routes.ts';
import { systemResources } from './resource.ts';
import { dictionaries, dictItems } from './dicts.ts';
import { auditHistory, auditInsert, auditLogResource, recordAudit } from './audit.ts';
import { keepAuditPartitions } from './audit-partitions.ts';
import { companyExportCleanupJob, companyExportJob, companyExportPage, companyExportRoutes } from './export/index.ts';

export const systemModule: Module = {
  name: 'system',
  register: async (app, deps) => {
    await systemRoutes(app, deps);
    companyExportRoutes(app, deps);
  },
  screens: [...systemResources.map((r) => r.def), auditLogResource, companyExportPage],
  platform: { dictItems, dictionaries, recordAudit, auditInsert, auditHistory },
  // the audit trail's monthly partitions, made ahead and dropped past the retention; hourly (a few catalog reads)
  // so a fresh install has them within the hour, never in tests (they call it)
  jobs: [
    {
      name: 'audit-partitions',
      schedule: (config) => (config.sweepIntervalMs > 0 ? { cron: '7 * * * *' } : null),
      run: ({ db, config }) => keepAuditPartitions(db, new Date(), config.auditRetentionMonths),
    },
    companyExportJob,
    companyExportCleanupJob,
  ],
};
/** Settings and dictionary rows other modules read (payment keys, a fee category's name); a secret setting decrypted. */
export { configs, dictData } from './schema.ts';
export { configSecretKey, decryptSecret, encryptSecret, isEncrypted } from './config-secret.ts';
/** The company's 收款最低折扣(%), which the fees' collection enforces. */
export { collectMinDiscount, COLLECT_MIN_DISCOUNT_KEY } from './tenant-info.ts';

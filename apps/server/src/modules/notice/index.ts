import type { Module } from '../types.ts';
import { platformInformationResource } from './resource.ts';
import { noticeRoutes } from './routes.ts';

/** Platform announcements with per-user read marks, and the abnormal alerts pushed to open browsers. */
export const noticeModule: Module = { name: 'notice', register: noticeRoutes, screens: [platformInformationResource] };

export { raiseAlert, type FaceContent, type RaiseAlertInput } from './alerts.ts';
export { AlertType } from './schema.ts';
export { getAbnormal, unNotified } from './service.ts';
/** The alerts table and who sees which alert: the repair module turns one into a work order, the one-map lists them. */
export { abnormalAlerts } from './schema.ts';
export { alertScopeWhere, type Viewer } from './service.ts';
export { openStreams } from './hub.ts';
/** Announcements a module addresses to companies itself (the platform's expiry reminders). */
export { platformNotices } from './schema.ts';

/** The announcement list, which the workbench's reminders link to. */
export { platformInformationResource } from './resource.ts';

/** The whole schema of the installation (every module's tables), for drizzle-kit and the test databases. */
export * from './modules/tenancy/schema.ts';
export * from './modules/auth/schema.ts';
export * from './modules/rbac/schema.ts';
export * from './modules/system/schema.ts';
export * from './modules/repair/schema.ts';
export * from './modules/estate/schema.ts';
export * from './modules/fees/schema.ts';
export * from './modules/fees/schema-receipt.ts';
export * from './modules/notice/schema.ts';
export * from './modules/patrol/schema.ts';
export * from './modules/operator/schema.ts';
export * from './modules/parking/schema.ts';
export * from './modules/parking/schema-gate.ts';
export * from './modules/parking/schema-temp.ts';
export * from './modules/parking/schema-assoc.ts';
export * from './modules/access/schema.ts';
export * from './modules/video/schema.ts';

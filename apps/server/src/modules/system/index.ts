import type { Module } from '../types.ts';
import { systemRoutes } from './routes.ts';
import { systemResources } from './resource.ts';
import { dictionaries, dictItems } from './dicts.ts';
import { auditLogResource, recordAudit } from './audit.ts';

export const systemModule: Module = {
  name: 'system',
  register: systemRoutes,
  screens: [...systemResources.map((r) => r.def), auditLogResource],
  platform: { dictItems, dictionaries, recordAudit },
};
/** Settings and dictionary rows other modules read (payment keys, a fee category's name); a secret setting decrypted. */
export { configs, dictData } from './schema.ts';
export { configSecretKey, decryptSecret, encryptSecret, isEncrypted } from './config-secret.ts';
/** The company's 收款最低折扣(%), which the fees' collection enforces. */
export { collectMinDiscount, COLLECT_MIN_DISCOUNT_KEY } from './tenant-info.ts';

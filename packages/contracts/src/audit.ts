import { z } from 'zod';

/** what an audit entry records: a screen's writes, then the custom writes (logins, money, grants, secrets, exports) */
export const auditActionLabels = {
  add: '新增',
  edit: '修改',
  batch: '批量修改',
  delete: '删除',
  import: '导入',
  login: '登录',
  logout: '退出',
  pay: '收款',
  refund: '退款',
  grant: '授权',
  secret: '重置密钥',
  export: '导出',
} as const;
export type AuditAction = keyof typeof auditActionLabels;

/** the screen whose view right lets a user read the audit trail (操作日志, and a record's 历史 tab) */
export const AUDIT_SCREEN = 'SystemAuditLog';

/** one change of a record, newest first: before → after of the columns that changed (masked) */
export const auditHistoryEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  user_name: z.string(),
  ip: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export const auditHistorySchema = z.array(auditHistoryEntrySchema);
export type AuditHistoryEntry = z.infer<typeof auditHistoryEntrySchema>;

import { sql } from 'drizzle-orm';
import type { Platform } from '../../core/engine/platform.ts';
import type { AuditAction } from '../../core/engine/audit.ts';
import { defineResource } from '../../core/engine/registry.ts';
import { auditLogs } from './schema.ts';

/** the audit trail's writer: one INSERT for every entry of a write, in its transaction */
export const recordAudit: Platform['recordAudit'] = async (q, entries) => {
  await q.insert(auditLogs).values(entries.map((e) => ({ ...e })));
};

const actions = [
  { label: '新增', value: 'add' },
  { label: '修改', value: 'edit' },
  { label: '批量修改', value: 'batch' },
  { label: '删除', value: 'delete' },
  { label: '导入', value: 'import' },
  { label: '登录', value: 'login' },
  { label: '退出', value: 'logout' },
  { label: '收款', value: 'pay' },
  { label: '退款', value: 'refund' },
  { label: '授权', value: 'grant' },
  { label: '重置密钥', value: 'secret' },
  { label: '导出', value: 'export' },
] satisfies { label: string; value: AuditAction }[];

/** 操作日志: read-only; a company's super administrator sees his company's, the platform and operators their own */
export const auditLogResource = defineResource({
  route: '/System/AuditLog/index',
  title: '操作日志',
  name: 'SystemAuditLog',
  menu: { app: ['sys', 'operator', 'web'], group: 'system', title: '操作日志', order: 30, buttons: ['export'] },
  table: auditLogs,
  ownership: 'owner',
  toolbar: ['export'],
  rowActions: ['detail'],
  fields: [
    { prop: 'created_at', label: '操作时间', type: 'datetime', readonly: true, width: 170, search: 'range' },
    { prop: 'user_name', label: '操作人', type: 'text', readonly: true, width: 120, search: true },
    { prop: 'screen_title', label: '页面', type: 'text', readonly: true, width: 120, search: true },
    { prop: 'action', label: '操作', type: 'select', options: actions, readonly: true, width: 90, search: true },
    { prop: 'record_id', label: '记录ID', type: 'number', readonly: true, width: 90, search: 'eq' },
    { prop: 'ip', label: 'IP', type: 'text', readonly: true, width: 130 },
    {
      prop: 'before_text',
      label: '修改前',
      type: 'textarea',
      computed: sql`coalesce(${auditLogs.before}::text, '')`,
      search: false,
    },
    {
      prop: 'after_text',
      label: '修改后',
      type: 'textarea',
      computed: sql`coalesce(${auditLogs.after}::text, '')`,
      search: false,
    },
  ],
});

import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { fail } from '../../../core/errors.ts';
import { phonesAsAllowed } from '../../estate/index.ts';
import { smsMessages } from '../schema.ts';

export const SMS_LOG_ROUTE = '/Web/Setting/SmsLog/listConfig';
export const SMS_SENSITIVE = 'SmsLog:sensitive';

const listOnly = { add: false, edit: false, import: false, readonly: true } as const;
const written = () => {
  throw fail('短信记录由系统发送时生成，不能手工新增或修改');
};

/**
 * 短信记录: the texts sent for the company (login codes, one-time links), newest first, with the provider and its
 * answer. Phones are masked without 查看敏感信息; with it, each page's views are logged.
 */
export const smsLogResource: ResourceDef = defineResource({
  route: SMS_LOG_ROUTE,
  title: '短信记录',
  name: 'SmsLog',
  menu: { app: 'web', group: 'system', title: '短信记录', order: 20, buttons: ['export', 'sensitive'] },
  table: smsMessages,
  ownership: 'tenant',
  order: [
    { column: 'created_at', dir: 'desc' },
    { column: 'id', dir: 'desc' },
  ],
  toolbar: ['export'],
  rowActions: ['detail'],
  fields: [
    { prop: 'phone', label: '手机号', type: 'text', search: true, width: 120, ...listOnly },
    {
      prop: 'purpose',
      label: '用途',
      type: 'select',
      options: [
        { label: '登录验证码', value: 'login' },
        { label: '操作链接', value: 'link' },
      ],
      search: 'eq',
      width: 100,
      ...listOnly,
    },
    { prop: 'content', label: '短信内容', type: 'text', width: 360, ...listOnly },
    {
      prop: 'provider',
      label: '通道',
      type: 'select',
      options: [
        { label: '沙箱（不实际发送）', value: 'sandbox' },
        { label: '阿里云短信', value: 'aliyun' },
      ],
      width: 140,
      ...listOnly,
    },
    {
      prop: 'status',
      label: '状态',
      type: 'select',
      options: [
        { label: '发送成功', value: 1 },
        { label: '发送失败', value: 2 },
      ],
      search: 'eq',
      width: 90,
      ...listOnly,
    },
    { prop: 'error', label: '失败原因', type: 'text', width: 160, ...listOnly },
    { prop: 'created_at', label: '发送时间', type: 'datetime', search: 'range', width: 160, ...listOnly },
  ],
  hooks: {
    beforeSave: written,
    beforeBatch: written,
    decorate: async (ctx, rows) => phonesAsAllowed(SMS_SENSITIVE, 'sms:phone')(ctx, rows),
  },
});

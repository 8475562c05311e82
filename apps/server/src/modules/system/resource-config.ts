import { defineResource } from '../../core/engine/registry.ts';
import { configSecretKey, isEncrypted, isSecretKey, maskConfigRow, secretToStore } from './config-secret.ts';
import { configs } from './schema.ts';
import { createdAt, remark } from './fields.ts';

/**
 * 参数配置. Secret settings are write-only: every read (list, detail, export, find_all) shows
 * 已设置 or nothing, and saving one without a new value keeps it (config-secret.ts).
 */
export const configResource = defineResource({
  route: '/System/Config/index',
  title: '参数配置',
  name: 'SystemConfig',
  menu: {
    app: ['sys', 'operator', 'web'],
    group: 'system',
    title: '参数配置',
    order: 6,
    buttons: ['add', 'edit', 'remove', 'export'],
  },
  table: configs,
  ownership: 'owner',
  toolbar: ['add', 'export', 'batchDelete'],
  fields: [
    { prop: 'name', label: '参数名称', type: 'text', required: true, maxLength: 64, search: true },
    { prop: 'config_key', label: '参数键名', type: 'text', required: true, maxLength: 100, search: true },
    {
      prop: 'config_value',
      label: '参数键值',
      type: 'textarea',
      maxLength: 5000,
      editable: true,
      placeholder: '密钥类参数只显示“已设置”：留空或保留“已设置”不修改，填写新值即替换',
    },
    { prop: 'type', label: '参数类型', type: 'number', min: 0, search: 'eq' },
    remark,
    createdAt,
  ],
  hooks: {
    beforeSave: ({ registry }, values, existing) => {
      const secret =
        isSecretKey(values.configKey) || isSecretKey(existing?.configKey) || isEncrypted(existing?.configValue);
      if (!secret) return values;
      const out = { ...values };
      const v = secretToStore(
        configSecretKey(registry),
        values.configValue,
        existing ? String(existing.configValue ?? '') : undefined,
      );
      if (v === undefined) delete out.configValue;
      else out.configValue = v;
      return out;
    },
    decorate: async (_ctx, rows) => rows.map(maskConfigRow),
  },
});

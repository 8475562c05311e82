import { defineResource } from '../../core/engine/registry.ts';
import { dictData, dicts } from './schema.ts';
import { createdAt, remark, status } from './fields.ts';

const dictType = { source: '^[a-z][a-z0-9_]*$', message: '字典类型只能是小写字母、数字和下划线，以字母开头' };

/** 字典管理 and its values, shown below it. */
export const dictResource = defineResource({
  route: '/System/Dict/index',
  title: '字典',
  name: 'SystemDict',
  menu: {
    app: ['sys', 'operator', 'web'],
    group: 'system',
    title: '字典管理',
    order: 5,
    buttons: ['add', 'edit', 'remove', 'export', 'import'],
  },
  table: dicts,
  ownership: 'owner+shared',
  labelProp: 'dict_name',
  footerTables: [
    { title: '字典数据', route: '/System/DictData/index', remoteKey: 'dict_type', parentKey: 'dict_type' },
  ],
  fields: [
    { prop: 'dict_name', label: '字典名称', type: 'text', required: true, maxLength: 64, search: true },
    {
      prop: 'dict_type',
      label: '字典类型',
      type: 'text',
      required: true,
      maxLength: 64,
      pattern: dictType,
      search: true,
    },
    { ...status },
    remark,
    createdAt,
  ],
});

export const dictDataResource = defineResource({
  route: '/System/DictData/index',
  title: '字典数据',
  name: 'SystemDict',
  // its values show inside 字典管理
  menu: false,
  table: dictData,
  ownership: 'owner+shared',
  maxPageSize: 9999,
  labelProp: 'dict_label',
  order: [
    { column: 'dict_number', dir: 'asc' },
    { column: 'id', dir: 'asc' },
  ],
  fields: [
    {
      prop: 'dict_type',
      label: '字典类型',
      type: 'text',
      required: true,
      maxLength: 64,
      pattern: dictType,
      search: 'eq',
    },
    { prop: 'dict_label', label: '字典标签', type: 'text', required: true, maxLength: 100, search: true },
    { prop: 'dict_value', label: '字典键值', type: 'text', required: true, maxLength: 100 },
    { prop: 'dict_number', label: '字典排序', type: 'number', min: 0, editable: true },
    { ...status },
    remark,
  ],
});

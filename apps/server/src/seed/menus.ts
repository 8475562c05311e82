import type { AppType, MenuButton, MenuGroup } from '../core/screens/define.ts';

/**
 * The groups of each app's menu tree, declared once. Screens name a group by its key in their `menu`;
 * the key stays when a title or icon changes, so the start-up sync moves the existing row.
 * Order numbers sit between the top-level pages' (1 = the home page).
 */
export const menuGroups: Record<AppType, MenuGroup[]> = {
  web: [
    { key: 'basic', title: '基础数据', icon: 'DatabaseOutlined', order: 2 },
    { key: 'fees', title: '收费管理', icon: 'MoneyCollectOutlined', order: 3 },
    { key: 'repair', title: '报修管理', icon: 'ToolOutlined', order: 4 },
    { key: 'patrol', title: '巡更管理', icon: 'SafetyOutlined', order: 5 },
    { key: 'parking', title: '停车管理', icon: 'CarOutlined', order: 6 },
    { key: 'iot', title: '物联网', icon: 'ApiOutlined', order: 7 },
    { key: 'community', title: '社区', icon: 'TeamOutlined', order: 8 },
    { key: 'epidemic', title: '疫情防控', icon: 'MedicineBoxOutlined', order: 9 },
    { key: 'analysis', title: '数据分析', icon: 'BarChartOutlined', order: 10 },
    { key: 'system', title: '系统设置', icon: 'SettingOutlined', order: 11 },
  ],
  operator: [
    { key: 'operations', title: '运营管理', icon: 'ShopOutlined', order: 2 },
    { key: 'analysis', title: '数据分析', icon: 'BarChartOutlined', order: 3 },
    { key: 'system', title: '系统设置', icon: 'SettingOutlined', order: 4 },
  ],
  sys: [
    { key: 'operators', title: '运营商', icon: 'ClusterOutlined', order: 2 },
    { key: 'system', title: '系统设置', icon: 'SettingOutlined', order: 3 },
  ],
};

/** Button menu titles; a button grants `<route name>:<button>`. */
export const buttonLabels: Record<MenuButton, string> = {
  add: '新增',
  edit: '编辑',
  remove: '删除',
  view: '查看',
  export: '导出',
  import: '导入',
  drag: '排序',
  batch: '批量操作',
  sensitive: '查看敏感信息',
  generate: '生成账单',
  charge: '收款',
  sign: '签收',
  recharge: '充值',
  package: '充值套餐',
  renew: '续费',
  extend: '延期',
  dispatch: '派单',
  visit: '回访',
  patrolSend: '巡更派发',
};

/** The usual button sets of a list screen. */
export const crudButtons: MenuButton[] = ['add', 'edit', 'remove', 'export'];
export const fullButtons: MenuButton[] = ['add', 'edit', 'remove', 'export', 'import', 'drag'];

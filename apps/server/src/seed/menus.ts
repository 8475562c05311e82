/**
 * The product's menus: every route of the product, grouped as a property company expects.
 * `name` is the route name and the prefix of its button codes (Building:add …).
 */
export type SeedButton = 'add' | 'edit' | 'remove' | 'view' | 'export' | 'import' | 'drag' | 'batch' | 'sensitive' | 'generate' | 'charge' | 'sign' | 'recharge' | 'package' | 'renew';
export type SeedPage = {
  title: string;
  path: string;
  name: string;
  component: string;
  icon?: string;
  cache?: boolean;
  hidden?: boolean;
  buttons?: SeedButton[];
};
export type SeedGroup = { title: string; icon: string; children: SeedPage[] };
export type SeedMenu = SeedPage | SeedGroup;

export const buttonLabels: Record<SeedButton, string> = {
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
};

const crud: SeedButton[] = ['add', 'edit', 'remove', 'export'];
const full: SeedButton[] = ['add', 'edit', 'remove', 'export', 'import', 'drag'];
const list = (title: string, path: string, name: string, buttons: SeedButton[] = crud, icon?: string): SeedPage => ({
  title,
  path,
  name,
  component: 'ListPage',
  cache: true,
  buttons,
  icon,
});
const page = (title: string, path: string, name: string, component: string, icon?: string): SeedPage => ({ title, path, name, component, icon });

const systemPages = (kind: 'sys' | 'operator' | 'web'): SeedPage[] => [
  list('用户管理', '/System/User/index', 'SystemUser', ['add', 'edit', 'remove', 'export', 'import']),
  list('角色管理', '/System/Role/index', 'SystemRole', full),
  list('部门管理', '/System/Dept/index', 'SystemDept', ['add', 'edit', 'remove', 'export']),
  list('岗位管理', '/System/Post/index', 'SystemPost', full),
  list('字典管理', '/System/Dict/index', 'SystemDict', ['add', 'edit', 'remove', 'export', 'import']),
  list('参数配置', '/System/Config/index', 'SystemConfig', ['add', 'edit', 'remove', 'export']),
  ...(kind === 'sys' ? [list('菜单管理', '/System/Menu/index', 'SystemMenu', ['add', 'edit', 'remove', 'drag'])] : []),
  ...(kind === 'web'
    ? [
        { ...page('物业信息', '/Web/Setting/TenantInfo/index', 'TenantInfo', 'DynamicForm'), buttons: ['edit'] as SeedButton[] },
        page('H5功能设置', '/web/Setting/H5Functions/index', 'H5Functions', 'H5Functions'),
      ]
    : []),
];

export const webMenus: SeedMenu[] = [
  page('工作台', '/Web/Basic/Index/index', 'Index', 'Workbench', 'HomeOutlined'),
  {
    title: '基础数据',
    icon: 'DatabaseOutlined',
    children: [
      list('小区管理', '/Web/Basic/Village/listConfig', 'Village', full),
      list('楼栋管理', '/Web/Basic/Building/listConfig', 'Building', full),
      list('房屋管理', '/Web/Basic/House/listConfig', 'House', full),
      // 查看敏感信息: ID cards and phones unmasked (every view logged)
      list('住户管理', '/Web/Basic/GatePerson/listConfig', 'GatePerson', [...full, 'sensitive']),
      list('员工管理', '/Web/Basic/Worker/listConfig', 'Worker', full),
      list('平台公告', '/Web/Basic/PlatformInformation/listConfig', 'PlatformInformation', ['view']),
    ],
  },
  {
    title: '收费管理',
    icon: 'MoneyCollectOutlined',
    children: [
      list('收费项目', '/Web/Renewal/FeeItem/listConfig', 'FeeItem', crud),
      list('抄表录入', '/Web/Renewal/MeterReading/listConfig', 'MeterReading', crud),
      list('应收账单', '/Web/Renewal/RenewalList/listConfig', 'RenewalList', ['add', 'edit', 'remove', 'export', 'batch', 'generate', 'charge']),
      list('物业费', '/Web/Renewal/ProFee/listConfig', 'ProFee', ['export', 'batch', 'charge']),
      list('欠费催缴', '/Web/Renewal/Unpaid/listConfig', 'Unpaid', ['export', 'batch', 'charge']),
      list('已缴订单', '/Web/Renewal/PaidOrder/listConfig', 'PaidOrder', ['export', 'batch', 'sign']),
      list('预存余额', '/Web/Renewal/Balance/listConfig', 'Balance', ['edit', 'export', 'recharge', 'package']),
      // 标记已退款 is the edit right
      list('退款管理', '/Web/Renewal/RefundDue/listConfig', 'RefundDue', ['edit', 'export']),
      page('缴费统计', '/Web/Renewal/PayStatistics/index', 'PayStatistics', 'PayStatistics'),
      page('财务报表', '/Web/Renewal/Financial/index', 'Financial', 'FinancialStatement'),
      { ...page('服务续费', '/Web/Renewal/Service/index', 'RenewalService', 'RenewalService'), buttons: ['renew'] as SeedButton[] },
    ],
  },
  {
    title: '报修管理',
    icon: 'ToolOutlined',
    children: [
      list('事件上报', '/Web/Repair/ReportThings/listConfig', 'ReportThings', ['edit', 'remove', 'export']),
      list('报修管理', '/Web/Repair/RepairManagement/listConfig', 'RepairManagement', ['add', 'edit', 'remove', 'export', 'batch']),
      list('有偿服务', '/Web/Repair/PaidService/listConfig', 'PaidService', crud),
    ],
  },
  {
    title: '巡更管理',
    icon: 'SafetyOutlined',
    children: [
      list('巡更点位', '/Web/Internet/IntellPoint/listConfig', 'IntellPoint', full),
      list('巡更路线', '/Web/Patrol/Route/listConfig', 'PatrolRoute', crud),
      list('巡更任务', '/Web/Patrol/Task/listConfig', 'PatrolTask', ['add', 'edit', 'remove', 'export', 'batch']),
    ],
  },
  {
    title: '停车管理',
    icon: 'CarOutlined',
    children: [
      list('停车场', '/Web/Internet/ParkingBox/listConfig', 'ParkingBox', crud),
      list('车位管理', '/Web/Parking/Space/listConfig', 'ParkingSpace', full),
      list('车辆管理', '/Web/Parking/Car/listConfig', 'ParkingCar', full),
      list('月卡套餐', '/Web/Parking/Package/listConfig', 'ParkingPackage', crud),
    ],
  },
  {
    title: '物联网',
    icon: 'ApiOutlined',
    children: [
      list('门禁管理', '/Web/Internet/AccessControlManagement/listConfig', 'AccessControlManagement', full),
      list('视频监控', '/Web/Internet/VideoList/listConfig', 'VideoList', crud),
      page('监控大屏', '/Web/Internet/MonitorScreen/index', 'MonitorScreen', 'MonitorScreen'),
      list('访客记录', '/Web/Internet/Visitor/listConfig', 'Visitor', ['export', 'remove']),
    ],
  },
  {
    title: '社区',
    icon: 'TeamOutlined',
    children: [
      list('问卷调查', '/Web/Community/Questionnaire/listConfig', 'Questionnaire', crud),
      list('社区投票', '/Web/Community/Vote/listConfig', 'Vote', crud),
      list('邻里圈', '/Web/Community/Neighbour/listConfig', 'Neighbour', ['remove', 'edit']),
      list('广告管理', '/Web/Community/Advert/listConfig', 'Advert', crud),
    ],
  },
  {
    title: '疫情防控',
    icon: 'MedicineBoxOutlined',
    children: [
      list('防控名单', '/Web/Epidemic/Protection/listConfig', 'Protection', full),
      page('疫情大数据', '/Web/Epidemic/Epidemic/index', 'Epidemic', 'EpidemicScreen'),
    ],
  },
  {
    title: '数据分析',
    icon: 'BarChartOutlined',
    children: [
      page('社区大数据', '/Web/DataAnalysis/Community/index', 'CommunityData', 'CommunityScreen'),
      page('物业一张图', '/Web/DataAnalysis/PropertyData/index', 'PropertyData', 'PropertyDataScreen'),
      page('报修统计', '/Web/DataAnalysis/Repair/index', 'RepairAnalysis', 'RepairScreen'),
    ],
  },
  { title: '系统设置', icon: 'SettingOutlined', children: systemPages('web') },
];

const expiryPages: SeedPage[] = [
  list('运营商管理', '/Sys/CarrierOperator/Operator/listConfig', 'Operator', crud),
  list('到期运营商', '/Sys/CarrierOperator/ExpireOperator/listConfig', 'ExpireOperator', ['export']),
  list('到期物业公司', '/Sys/CarrierOperator/ExpireTenant/listConfig', 'ExpireTenant', ['export']),
  list('到期小区', '/Sys/CarrierOperator/ExpireVillage/listConfig', 'ExpireVillage', ['export']),
];

export const operatorMenus: SeedMenu[] = [
  page('运营首页', '/Web/Basic/Index/operator', 'IndexOperator', 'OperatorHome', 'HomeOutlined'),
  {
    title: '运营管理',
    icon: 'ShopOutlined',
    children: [
      list('物业公司', '/Operator/Tenant/listConfig', 'OperatorTenant', crud),
      list('小区列表', '/Operator/Village/listConfig', 'OperatorVillage', ['export']),
      list('服务项目', '/Web/Renewal/ProFeeItem/listConfig', 'ServiceItem', crud),
      list('续费订单', '/Web/Renewal/RenewalOrder/listConfig', 'RenewalOrder', ['export']),
      list('待续费', '/Web/Renewal/Unpaid/listConfig', 'Unpaid', ['export']),
    ],
  },
  {
    title: '数据分析',
    icon: 'BarChartOutlined',
    children: [
      page('运营驾驶舱', '/Web/DataAnalysis/Operator/index', 'OperatorCockpit', 'OperatorScreen'),
      page('一张图', '/apicture', 'APicture', 'APicture'),
    ],
  },
  { title: '系统设置', icon: 'SettingOutlined', children: systemPages('operator') },
];

export const sysMenus: SeedMenu[] = [
  page('平台首页', '/Web/Basic/Index/operator', 'IndexOperator', 'OperatorHome', 'HomeOutlined'),
  { title: '运营商', icon: 'ClusterOutlined', children: expiryPages },
  { title: '系统设置', icon: 'SettingOutlined', children: systemPages('sys') },
];

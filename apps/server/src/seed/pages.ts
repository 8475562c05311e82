import { definePage, type PageDef } from '../core/screens/define.ts';

/**
 * Screens with a menu that are not engine lists: home pages, dashboards, dynamic forms, special pages,
 * and lists whose declaration does not exist yet (the web renders 建设中 until a module declares them).
 */
const page = (
  app: 'web' | 'operator' | 'sys',
  group: string | undefined,
  order: number,
  title: string,
  path: string,
  name: string,
  component: string,
): PageDef => definePage({ name, path, title, component, menu: { app, group, order } });

export const productPages: PageDef[] = [
  definePage({
    name: 'Index',
    path: '/Web/Basic/Index/index',
    title: '工作台',
    component: 'Workbench',
    menu: { app: 'web', order: 1, icon: 'HomeOutlined' },
  }),
  definePage({
    name: 'IndexOperator',
    path: '/Web/Basic/Index/operator',
    title: '运营首页',
    component: 'OperatorHome',
    menu: [
      { app: 'operator', order: 1, icon: 'HomeOutlined' },
      { app: 'sys', title: '平台首页', order: 1, icon: 'HomeOutlined' },
    ],
  }),
  page('web', 'fees', 9, '缴费统计', '/Web/Renewal/PayStatistics/index', 'PayStatistics', 'PayStatistics'),
  page('web', 'fees', 10, '财务报表', '/Web/Renewal/Financial/index', 'Financial', 'FinancialStatement'),
  definePage({
    name: 'RenewalService',
    path: '/Web/Renewal/Service/index',
    title: '服务续费',
    component: 'RenewalService',
    menu: { app: 'web', group: 'fees', order: 11, buttons: ['renew'] },
  }),
  definePage({
    name: 'PatrolReport',
    path: '/Web/Patrol/Report/index',
    title: '巡更统计',
    component: 'PatrolReport',
    menu: { app: 'web', group: 'patrol', order: 5, buttons: ['export'] },
  }),
  // 门禁管理 (1), 通行记录 (2), 视频监控 (3), 监控大屏 (4) and 访客记录 (5) are the access, video and visitor modules' screens
  // 问卷调查 (1), 社区投票 (2), 邻里圈 (3) and 广告管理 (4) are the community module's screens
  // 防控名单 (1) is the prevention module's screen
  page('web', 'epidemic', 2, '疫情大数据', '/Web/Epidemic/Epidemic/index', 'Epidemic', 'EpidemicScreen'),
  page('web', 'analysis', 1, '社区大数据', '/Web/DataAnalysis/Community/index', 'CommunityData', 'CommunityScreen'),
  page(
    'web',
    'analysis',
    2,
    '物业一张图',
    '/Web/DataAnalysis/PropertyData/index',
    'PropertyData',
    'PropertyDataScreen',
  ),
  page('web', 'analysis', 3, '报修统计', '/Web/DataAnalysis/Repair/index', 'RepairAnalysis', 'RepairScreen'),
  // a company's screen over its own villages (staff, residents' ages, owners in the search): no operator menu
  page('web', 'analysis', 4, '城市信息中心', '/Web/DataAnalysis/City/index', 'City', 'CityScreen'),
  definePage({
    name: 'TenantInfo',
    path: '/Web/Setting/TenantInfo/index',
    title: '物业信息',
    component: 'DynamicForm',
    menu: { app: 'web', group: 'system', order: 7, buttons: ['edit'] },
  }),
  definePage({
    name: 'H5Functions',
    path: '/web/Setting/H5Functions/index',
    title: 'H5功能设置',
    component: 'H5Functions',
    menu: { app: 'web', group: 'system', order: 8, buttons: ['edit'] },
  }),
  page(
    'operator',
    'analysis',
    1,
    '运营驾驶舱',
    '/Web/DataAnalysis/Operator/index',
    'OperatorCockpit',
    'OperatorScreen',
  ),
  // operators see their companies' villages, a company its own (a village-scoped user his villages)
  definePage({
    name: 'APicture',
    path: '/apicture',
    title: '一张图',
    component: 'APicture',
    menu: [
      { app: 'operator', group: 'analysis', order: 2 },
      { app: 'web', group: 'analysis', order: 4 },
    ],
  }),
];

/** The workbench and the pages whose data its panels show: a role with these sees every panel. */
export const PANEL_PAGES = [
  'Index',
  'Village',
  'House',
  'GatePerson',
  'RepairManagement',
  'ReportThings',
  'PatrolTask',
  'PayStatistics',
];

/** Work order states (repair_orders.status) and the repair dictionaries' items. */
export const S = {
  reported: 0,
  dispatched: 1,
  accepted: 2,
  inProgress: 3,
  awaitingPay: 4,
  completed: 5,
  visited: 6,
  closed: 7,
  cancelled: 8,
} as const;
export type OrderStatus = (typeof S)[keyof typeof S];

export const statusLabels: Record<OrderStatus, string> = {
  0: '待派单',
  1: '已派单',
  2: '已接单',
  3: '处理中',
  4: '待付款',
  5: '已完成',
  6: '已回访',
  7: '已关闭',
  8: '已取消',
};

/** Each transition: the states it may start from and the state it leaves. */
export const transitions = {
  dispatch: { from: [S.reported], to: S.dispatched, title: '派单' },
  redispatch: { from: [S.dispatched, S.accepted, S.inProgress], to: S.dispatched, title: '改派' },
  accept: { from: [S.dispatched], to: S.accepted, title: '接单' },
  start: { from: [S.accepted], to: S.inProgress, title: '开始处理' },
  complete: { from: [S.inProgress], to: S.completed, title: '完成' },
  settle: { from: [S.awaitingPay], to: S.completed, title: '确认收款' },
  waive: { from: [S.awaitingPay], to: S.completed, title: '减免' },
  visit: { from: [S.completed], to: S.visited, title: '回访' },
  close: { from: [S.completed, S.visited], to: S.closed, title: '关闭' },
  cancel: { from: [S.reported, S.dispatched, S.accepted, S.inProgress], to: S.cancelled, title: '取消' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; title: string }>;
export type TransitionName = keyof typeof transitions;

/** The refusal for a call whose order is no longer in a state the transition starts from (stale page, double click). */
export const staleMessage = (name: TransitionName, current: number) =>
  `工单当前状态为“${statusLabels[current as OrderStatus] ?? '未知'}”，不能${transitions[name].title}，请刷新后重试`;

export const repairDicts = [
  {
    type: 'repair_status',
    name: '工单状态',
    items: Object.entries(statusLabels).map(([v, l]) => [l, v] as [string, string]),
  },
  {
    type: 'repair_urgency',
    name: '紧急程度',
    items: [
      ['一般', '1'],
      ['紧急', '2'],
      ['特急', '3'],
    ] as [string, string][],
  },
  {
    type: 'repair_source',
    name: '报修来源',
    items: [
      ['电话', '1'],
      ['住户', '2'],
      ['事件上报', '3'],
      ['巡查', '4'],
      ['其他', '5'],
      ['异常预警', '6'],
    ] as [string, string][],
  },
  {
    type: 'report_type',
    name: '上报类型',
    items: [
      ['投诉', '1'],
      ['建议', '2'],
      ['事件', '3'],
    ] as [string, string][],
  },
  {
    type: 'report_status',
    name: '处理状态',
    items: [
      ['待处理', '0'],
      ['已转工单', '1'],
      ['已答复', '2'],
      ['已关闭', '3'],
    ] as [string, string][],
  },
];

import type { DictDecl } from '../core/screens/define.ts';
import { repairDicts } from '../modules/repair/index.ts';

/**
 * Platform dictionaries (status, pay method, …), shared by every tenant. The start-up sync adds a type or
 * built-in value missing from the database; one already there stays as an administrator edited it.
 */
export const platformDicts: DictDecl[] = [
  {
    type: 'sys_status',
    name: '状态',
    items: [
      ['正常', '1'],
      ['停用', '2'],
    ],
  },
  {
    type: 'sys_yes_no',
    name: '是否',
    items: [
      ['是', '1'],
      ['否', '2'],
    ],
  },
  {
    type: 'data_scope',
    name: '数据范围',
    items: [
      ['全部数据', '1'],
      ['自定义数据', '2'],
    ],
  },
  {
    type: 'menu_type',
    name: '菜单类型',
    items: [
      ['菜单', '1'],
      ['按钮', '2'],
    ],
  },
  {
    type: 'house_type',
    name: '房屋类型',
    items: [
      ['住宅', '1'],
      ['商铺', '2'],
      ['车库', '3'],
    ],
  },
  {
    type: 'review_status',
    name: '审核状态',
    items: [
      ['待审核', '0'],
      ['已通过', '1'],
      ['已驳回', '2'],
    ],
  },
  {
    type: 'visitor_type',
    name: '访客类型',
    items: [
      ['家人/同事', '1'],
      ['亲戚/朋友', '2'],
      ['邀约面试', '3'],
      ['商务拜访', '4'],
      ['租客', '5'],
      ['其他', '6'],
    ],
  },
  {
    type: 'pay_method',
    name: '支付方式',
    items: [
      ['银行卡', '1'],
      ['现金', '2'],
      ['支付宝', '3'],
      ['微信支付', '4'],
    ],
  },
  {
    type: 'patrol_type',
    name: '巡更类型',
    items: [
      ['每日', '1'],
      ['每周', '2'],
      ['每月', '3'],
    ],
  },
  {
    type: 'question_type',
    name: '题目类型',
    items: [
      ['单选', '1'],
      ['多选', '2'],
      ['问答', '3'],
    ],
  },
  {
    type: 'parking_type',
    name: '车位类型',
    items: [
      ['固定车位', '1'],
      ['租赁车位', '2'],
    ],
  },
  {
    type: 'health_code',
    name: '健康码',
    items: [
      ['绿码', '1'],
      ['黄码', '2'],
      ['红码', '3'],
    ],
  },
  {
    type: 'pass_status',
    name: '通行状态',
    items: [
      ['正常通行', '1'],
      ['居家隔离', '2'],
      ['禁止通行', '3'],
    ],
  },
  {
    type: 'access_direction',
    name: '出入方向',
    items: [
      ['进', '1'],
      ['出', '2'],
    ],
  },
  // estate (buildings, houses, residents)
  {
    type: 'house_state',
    name: '房屋状态',
    items: [
      ['自住', '1'],
      ['出租', '2'],
      ['空置', '3'],
    ],
  },
  {
    type: 'house_use_type',
    name: '使用性质',
    items: [
      ['居住', '1'],
      ['商业', '2'],
      ['办公', '3'],
      ['其他', '4'],
    ],
  },
  {
    type: 'personnel_type',
    name: '人员类型',
    items: [
      ['业主', '1'],
      ['租户', '2'],
      ['家属', '3'],
    ],
  },
  // all three are 18 characters with the GB 11643 check digit
  {
    type: 'card_type',
    name: '证件类型',
    items: [
      ['居民身份证', '1'],
      ['港澳台居民居住证', '2'],
      ['外国人永久居留身份证', '3'],
    ],
  },
  {
    type: 'sys_sex',
    name: '性别',
    items: [
      ['男', '1'],
      ['女', '2'],
    ],
  },
  {
    type: 'owner_relation',
    name: '与户主关系',
    items: [
      ['本人', '1'],
      ['配偶', '2'],
      ['子女', '3'],
      ['父母', '4'],
      ['其他亲属', '5'],
      ['其他', '6'],
    ],
  },
  {
    type: 'household_identity',
    name: '户籍身份',
    items: [
      ['户籍人口', '1'],
      ['流动人口', '2'],
      ['境外人员', '3'],
    ],
  },
  // fees (收费管理)
  {
    type: 'fee_category',
    name: '费用类别',
    items: [
      ['物业费', '1'],
      ['停车费', '2'],
      ['水费', '3'],
      ['电费', '4'],
      ['燃气费', '5'],
      ['其他', '6'],
    ],
  },
  {
    type: 'fee_calc_mode',
    name: '计费方式',
    items: [
      ['面积×单价', '1'],
      ['固定金额', '2'],
      ['读数×单价', '3'],
    ],
  },
  {
    type: 'fee_period_type',
    name: '计费周期',
    items: [
      ['按月', '1'],
      ['一次性', '2'],
    ],
  },
  {
    type: 'bill_status',
    name: '缴费状态',
    items: [
      ['未缴', '1'],
      ['已缴', '2'],
    ],
  },
  {
    type: 'renewal_order_state',
    name: '续费订单状态',
    items: [
      ['待支付', 'NOTPAY'],
      ['已支付', 'SUCCESS'],
      ['已关闭', 'CLOSED'],
      ['支付失败', 'PAYERROR'],
      ['待退款', 'REFUND'],
    ],
  },
  {
    // online orders are paid by WeChat; the platform or an operator records a renewal paid otherwise (OFFLINE_PAY_METHODS)
    type: 'renewal_pay_method',
    name: '续费支付方式',
    items: [
      ['微信支付', '4'],
      ['现金', '2'],
      ['转账', '6'],
      ['其他', '9'],
    ],
  },
  {
    type: 'sign_status',
    name: '签收状态',
    items: [
      ['已签收', '1'],
      ['未签收', '2'],
    ],
  },
  {
    type: 'fee_pay_method',
    name: '收款方式',
    items: [
      ['银行卡', '1'],
      ['现金', '2'],
      ['支付宝', '3'],
      ['微信支付', '4'],
      ['余额', '5'],
    ],
  },
  {
    type: 'balance_kind',
    name: '余额变动类型',
    items: [
      ['充值', '1'],
      ['缴费', '2'],
    ],
  },
  {
    type: 'refund_status',
    name: '退款状态',
    items: [
      ['待退款', '1'],
      ['已退款', '2'],
    ],
  },
  {
    type: 'person_tag',
    name: '住户标签',
    items: [
      ['防疫重点人员', '1'],
      ['独居老人', '2'],
      ['残障人士', '3'],
      ['党员', '4'],
    ],
  },
  // repair (报修管理)
  ...repairDicts,
  // patrol (巡更)
  {
    type: 'patrol_point_type',
    name: '巡更点位类型',
    items: [
      ['普通点位', '1'],
      ['重点部位', '2'],
      ['消防设施', '3'],
      ['出入口', '4'],
    ],
  },
];

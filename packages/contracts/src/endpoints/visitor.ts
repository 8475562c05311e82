import { dialogEndpoint, endpoint, type Id } from '../endpoint.ts';

/** The public registration page; its QR code carries `type` and `id` in the query. */
export const VISITOR_REG_PATH = '/visitor_reg';
/** `type` of a village's visitor code (the only kind so far); `id` is the code's signed token */
export const VISITOR_QR_TYPE = '1';

/** 访客类型 1–6, as the registration page offers them and the dictionary names them */
export const VISITOR_TYPES = [
  { label: '家人/同事', value: 1 },
  { label: '亲戚/朋友', value: 2 },
  { label: '邀约面试', value: 3 },
  { label: '商务拜访', value: 4 },
  { label: '租客', value: 5 },
  { label: '其他', value: 6 },
] as const;

/** 0 待审核, 1 已通过, 2 已拒绝, 3 已过期 (an approved pass whose window ended) */
export const VISITOR_STATES = [
  { label: '待审核', value: 0 },
  { label: '已通过', value: 1 },
  { label: '已拒绝', value: 2 },
  { label: '已过期', value: 3 },
] as const;

/** The page's messages, the same on both sides. */
export const VisitorMsg = {
  name: '请填写姓名',
  phone: '请填写手机号',
  phoneFormat: '手机号码格式错误！',
  type: '请选择访客类型',
  avatar: '请上传头像',
  ok: '登记成功',
  failed: '登记失败',
  closed: '该小区已关闭访客登记功能',
  badParams: '参数错误',
  expired: '二维码已过期',
  uploading: '正在上传',
  submitting: '正在提交',
} as const;

/** the page's query, as it read it from its address */
export type VisitorQuery = { type: string; id: string };
export type VisitorValues = { name: string; phone: string; fklx?: string; fklxidx: number | string; avatar: string };
/** 小区信息: closed and f_visitor_registration are 1 on / 2 off */
export type VisitorVillage = { name: string; closed: number; f_visitor_registration: number };

export type VisitorQrReply = {
  id: number;
  url: string;
  village_name: string;
  expire_time: string;
  f_visitor_registration: number;
  filename: string;
};
export type VisitorReviewBody = {
  id: Id;
  /** 1 通过, 2 拒绝 */
  status: Id;
  pass_start?: string;
  pass_end?: string;
  reason?: string;
};

export const visitorApi = {
  /** the village's current visitor code (made when it has none valid) */
  qrcode: dialogEndpoint<{ village_id: Id }, VisitorQrReply>('/Web/Internet/Visitor/qrcode', {
    screen: 'Visitor',
    dialog: 'visitorQr',
    title: '访客二维码',
    selection: 'none',
  }),
  /** revoke the village's codes: the printed ones stop working at once */
  revoke: endpoint<{ village_id: Id }, { revoked: number }>('/Web/Internet/Visitor/revokeQr'),
  /** 访客登记 on or off for a village */
  setting: endpoint<{ village_id: Id; f_visitor_registration: Id }, { f_visitor_registration: number }>(
    '/Web/Internet/Visitor/setting',
  ),
  /** 审核: approve with a pass window, or refuse with a reason */
  review: endpoint<VisitorReviewBody, { id: number; status: number }>('/Web/Internet/Visitor/review'),
  /** public: the village of a code */
  acModel: endpoint<{ query: VisitorQuery }, VisitorVillage>('/Web/NoLoginApi/VisitorReg/AcModel'),
  /** public: a visitor registers */
  reg: endpoint<{ values: VisitorValues; query: VisitorQuery }, { id: number }>('/Web/NoLoginApi/VisitorReg/reg'),
} as const;

/** public, multipart {file} with the code's query in the address: the avatar */
export const VISITOR_UPLOAD_PATH = '/Web/NoLoginApi/VisitorReg/upload';

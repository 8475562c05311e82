import { endpoint, type Id } from '../endpoint.ts';

/** A post's review state as the audit dialog sends it: 0 已通过, 1 待审核, 2 已驳回. */
export const NEIGHBOUR_STATES = [
  { label: '已通过', value: 0 },
  { label: '待审核', value: 1 },
  { label: '已驳回', value: 2 },
] as const;
export type NeighbourAuditType = 0 | 2;

/** 审核: the post waiting for review, with who posted it (the phone masked without 查看敏感信息). */
export type NeighbourAuditRow = {
  id: number;
  village_id: number;
  name: string;
  phone: string;
  address: string;
  auditmsg: string;
  type: number;
  content: string;
  img: string[];
  /** the sensitive words that held it, comma-joined */
  held_words: string;
};
export type NeighbourAuditBody = { id: Id; type: Id; auditmsg?: string };

export type NeighbourComment = { id: number; name: string; content: string; create_time: string };
/** 个人动态: the post as its resident wrote it, its likes and comments. */
export type PersonalDynamics = {
  info: { avatar: string; nickname: string; say: string; img: string[] };
  loves: number;
  Comment: NeighbourComment[];
};

export const neighbourApi = {
  auditDetail: endpoint<{ id: Id }, NeighbourAuditRow>('/Web/Community/Neighbour/auditDetail'),
  /** 0 通过 / 2 驳回 (auditmsg: why) */
  audit: endpoint<NeighbourAuditBody, { id: number; type: number }>('/Web/Community/Neighbour/audit'),
  dynamics: endpoint<{ id: Id }, PersonalDynamics>('/Web/Community/Neighbour/dynamics'),
};

/** The messages both sides show. */
export const NeighbourMsg = {
  auditType: '请选择审核结果',
  auditmsg: '请填写驳回原因',
  audited: '该动态已审核，不能重复审核',
} as const;

import { endpoint, type Id, type NoBody } from '../endpoint.ts';

const N = '/Web/Basic/PlatformInformation';

/** An announcement the caller has not read yet (published_at YYYY-MM-DD HH:mm:ss). */
export type UnreadNotice = { id: number; title: string; published_at: string };

/** An abnormal alert as the list, the dialog and the event stream show it; handled 1 done, 2 open. */
export type Alert = {
  id: number;
  title: string;
  type: number;
  village_id: number;
  village_name: string;
  original_content: string;
  handled: number;
  create_time: string;
};
/** The caller's open alerts (is_read 1 once he opened one) and how many he has not opened yet. */
export type AbnormalReply = { abnormal_list: (Alert & { is_read: number })[]; abnormal_num: number };

export type TenantOption = { label: string; value: number };

/** The header's announcements and the abnormal alerts (their event stream is no call: an EventSource). */
export const noticeApi = {
  unNotified: endpoint<NoBody, UnreadNotice[]>(`${N}/unNotified`),
  upNotice: endpoint<{ nid: Id }, null>(`${N}/upNotice`),
  getAbnormal: endpoint<NoBody, AbnormalReply>(`${N}/getAbnormal`),
  getAbnormalDetail: endpoint<{ id: Id }, Alert>(`${N}/getAbnormalDetail`),
  /** the companies an announcement may be addressed to (empty for anyone but the platform) */
  tenantOptions: endpoint<NoBody, TenantOption[]>(`${N}/tenantOptions`),
} as const;

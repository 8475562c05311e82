import { joinUrl, send } from '../../api/http.ts';
import { getCookie } from '../../lib/storage.ts';
import { useEnvStore } from '../../store/env.ts';

export const NOTICE_BASE = '/Web/Basic/PlatformInformation';
export const NOTICE_LIST_PATH = `${NOTICE_BASE}/listConfig`;

export type UnreadNotice = { id: number; title: string; published_at: string };
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
export type AbnormalReply = { abnormal_list: (Alert & { is_read: number })[]; abnormal_num: number };
export type NoticeRow = {
  id: number;
  title: string;
  content: string;
  published_at: string;
  author_name: string;
  is_read: number | null;
};

export const getUnNotified = () => send<UnreadNotice[]>(`${NOTICE_BASE}/unNotified`, {}, { silent: true });
export const upNotice = (nid: number) => send<null>(`${NOTICE_BASE}/upNotice`, { nid }, { silent: true });
/** polled: errors stay silent (the poller counts them) */
export const getAbnormal = () => send<AbnormalReply>(`${NOTICE_BASE}/getAbnormal`, {}, { silent: true });
export const getAbnormalDetail = (id: number) =>
  send<Alert>(`${NOTICE_BASE}/getAbnormalDetail`, { id }, { silent: true });
export const listNotices = () => send<{ records: NoticeRow[] }>(`${NOTICE_BASE}/list`, { size: 100 });
export const noticeDetail = (id: number) => send<NoticeRow>(`${NOTICE_BASE}/detail?return=result`, { id });

/** The event stream's address: EventSource sends no headers, the login's url token rides in the query. */
export const abnormalStreamUrl = () => {
  const token = getCookie('urlToken');
  if (!token) return null;
  const url = joinUrl(useEnvStore.getState().baseUrl, `${NOTICE_BASE}/abnormalStream`);
  return `${url}?token=${encodeURIComponent(token)}`;
};

import { noticeApi } from '@5a/contracts/endpoints/notice';
import { call } from '../../api/call.ts';
import { joinUrl, send } from '../../api/http.ts';
import { getCookie } from '../../lib/storage.ts';
import { useEnvStore } from '../../store/env.ts';

export type { AbnormalReply, Alert, UnreadNotice } from '@5a/contracts/endpoints/notice';

/** the announcement list (a screen) and the alerts' event stream */
export const NOTICE_BASE = '/Web/Basic/PlatformInformation';
export const NOTICE_LIST_PATH = `${NOTICE_BASE}/listConfig`;

export type NoticeRow = {
  id: number;
  title: string;
  content: string;
  published_at: string;
  author_name: string;
  is_read: number | null;
};

export const getUnNotified = () => call(noticeApi.unNotified, {}, { silent: true });
export const upNotice = (nid: number) => call(noticeApi.upNotice, { nid }, { silent: true });
/** polled: errors stay silent (the poller counts them) */
export const getAbnormal = () => call(noticeApi.getAbnormal, {}, { silent: true });
export const getAbnormalDetail = (id: number) => call(noticeApi.getAbnormalDetail, { id }, { silent: true });
export const listNotices = () => send<{ records: NoticeRow[] }>(`${NOTICE_BASE}/list`, { size: 100 });
export const noticeDetail = (id: number) => send<NoticeRow>(`${NOTICE_BASE}/detail?return=result`, { id });

/** The event stream's address: EventSource sends no headers, the login's url token rides in the query. */
export const abnormalStreamUrl = () => {
  const token = getCookie('urlToken');
  if (!token) return null;
  const url = joinUrl(useEnvStore.getState().baseUrl, `${NOTICE_BASE}/abnormalStream`);
  return `${url}?token=${encodeURIComponent(token)}`;
};

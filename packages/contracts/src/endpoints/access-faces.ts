import { dialogEndpoint, endpoint, type Id } from '../endpoint.ts';

const P = '/Web/Basic/GatePerson';
const D = '/Web/Internet/AccessControlManagement';

/** A resident's live face consent (face_img withheld without the sensitive right). */
export type FaceConsentView = {
  id: number;
  face_img: string;
  face_masked: boolean;
  purpose: string;
  consented_by: string;
  consented_at: string;
  recorded_by: string;
};
/** 门禁凭证: his card and his consent; the QR code is asked for separately (it is short-lived). */
export type PersonAccessReply = {
  person_id: number;
  name: string;
  card_no: string;
  /** 禁止通行: on no door's list */
  barred: boolean;
  consent: FaceConsentView | null;
};
export type FaceConsentBody = { person_id: Id; face_img: string; purpose: string; consented_by: string };
export type PersonQrReply = { person_id: number; qr: string; expires_at: string };

/** one side of a device's difference */
export type FaceDiffPerson = { face_id: string; kind: string; person_id: number | null; name: string };
export type DeviceFaceHead = {
  id: number;
  name: string;
  gateno: string;
  village_id: number;
  device_type: number;
  faces_reported_at: string;
  last_sync_at: string;
  last_sync_state: string;
  last_sync_message: string;
};
export type DeviceFaceCheck = DeviceFaceHead & {
  expected: number;
  reported: number;
  missing: FaceDiffPerson[];
  extra: FaceDiffPerson[];
};
export type FaceGapRow = DeviceFaceHead & { expected: number; reported: number; missing: number; extra: number };
export type FacePushReply = { sync_id: number; job_id: string; add: number; remove: number };

/** 人脸与门禁凭证 of one kind of person, under his list screen's route: consent and face, 禁止通行, dynamic QR code */
const credentialsOf = (base: string, screen: string, dialog: string) => ({
  person: dialogEndpoint<{ id: Id }, PersonAccessReply>(`${base}/accessPass`, {
    screen,
    dialog,
    title: '人脸与门禁凭证',
    selection: 'single',
  }),
  saveConsent: endpoint<FaceConsentBody, { person_id: number }>(`${base}/faceConsent`),
  withdrawConsent: endpoint<{ person_id: Id }, { person_id: number }>(`${base}/faceWithdraw`),
  bar: endpoint<{ person_id: Id; barred: boolean }, { person_id: number; barred: boolean }>(`${base}/accessBar`),
  qr: endpoint<{ person_id: Id }, PersonQrReply>(`${base}/accessQr`),
  reissueQr: endpoint<{ person_id: Id }, PersonQrReply>(`${base}/accessQrReissue`),
});
export type CredentialsApi = ReturnType<typeof credentialsOf> & { card?: typeof workerCard };

export type WorkerCardBody = { person_id: Id; card_no: string };
const workerCard = endpoint<WorkerCardBody, { person_id: number; card_no: string }>('/Web/Basic/Worker/accessCard');

/** A staff member's door credentials: as a resident's, and his door card (a resident's is on his own form). */
export const workerAccessApi = {
  ...credentialsOf('/Web/Basic/Worker', 'Worker', 'workerAccessPass'),
  card: workerCard,
} as const;

/** Faces with consent, a resident's door credentials, and each door's list against what it holds. */
export const accessFacesApi = {
  ...credentialsOf(P, 'GatePerson', 'personAccessPass'),
  check: dialogEndpoint<{ id: Id }, DeviceFaceCheck>(`${D}/faceCheck`, {
    screen: 'AccessControlManagement',
    dialog: 'accessFaceCheck',
    title: '人脸核对',
    selection: 'single',
  }),
  gaps: dialogEndpoint<Record<string, never>, FaceGapRow[]>(`${D}/faceGaps`, {
    screen: 'AccessControlManagement',
    dialog: 'accessFaceGaps',
    title: '名单差异',
    selection: 'none',
  }),
  push: endpoint<{ id: Id }, FacePushReply>(`${D}/facePush`),
  refresh: endpoint<FaceRefreshBody, FaceRefreshReply>(`${D}/refreshFace`),
} as const;

/** 刷新人脸 page sizes: 0 (not sent) is the server's default */
export const FACE_REFRESH_SIZES = [0, 30, 40, 50, 100] as const;
export const FACE_REFRESH_DEFAULT_SIZE = 20;
/** 刷新人脸: without page, how the device's whole list splits into pages; with page n, that page is sent to it. */
export type FaceRefreshBody = { gate_id: Id; pageSize?: number; page?: number };
export type FaceRefreshReply = { pageCount: number; size: number; total: number; current: number };

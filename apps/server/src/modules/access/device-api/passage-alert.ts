import type { Db } from '../../../core/db/client.ts';
import { formatTime } from '../../../core/time.ts';
import { AlertType, raiseAlert, type FaceContent } from '../../notice/index.ts';

/** review status of a resident the doors honour (住户审核 已通过); a worker's or visitor's right holding */
const APPROVED = 1;

/** a known person whose right to pass does not hold */
const NOT_ENTITLED = {
  resident: '未审核住户通行',
  worker: '已停用员工通行',
  visitor: '访客不在通行时段',
} as const;

/** what the passage was and whom the device named */
export type PassageFacts = {
  open_type: number;
  similarity: number | null;
  threshold: number;
  /** status 1: a resident who passed review, an active worker with an active role, a visitor within his window */
  person: {
    kind: 'resident' | 'worker' | 'visitor';
    name: string;
    status: number;
    pic: string;
    barred: boolean;
    /** a resident another module stops at the doors (a home isolation): its reason */
    hold?: string | null;
  } | null;
  /** a QR passage: a resident's code of the current issue, one of ours that does not hold, or another kind */
  qr: 'valid' | 'invalid' | 'none';
};

/**
 * Why a passage needs a guard's eyes, or null: a face below the village's threshold or matching nobody (陌生人), a
 * card nobody holds, a resident's QR code that is forged, expired or of an earlier issue, or a resident the doors
 * should not let in (barred, or not approved). A QR code of another kind (a visitor's) names nobody and raises
 * nothing.
 */
export const passageConcern = (f: PassageFacts): string | null => {
  if (f.open_type === 1 && (f.person === null || (f.similarity !== null && f.similarity < f.threshold)))
    return f.similarity === null
      ? '陌生人'
      : `人脸比对未通过（相似度 ${f.similarity.toFixed(2)}%，阈值 ${f.threshold}%）`;
  if (f.open_type === 2 && f.person === null) return '未登记门禁卡';
  if (f.open_type === 3 && f.qr === 'invalid') return '二维码无效或已过期';
  if (f.person?.barred) return '禁止通行人员';
  if (f.person?.hold) return f.person.hold;
  if (f.person !== null && f.person.status !== APPROVED) return NOT_ENTITLED[f.person.kind];
  return null;
};

/** a recorded passage that raised a concern */
export type ConcernInput = PassageFacts & {
  tenantId: number;
  villageId: number;
  deviceName: string;
  recordId: number;
  img: string;
  at: Date;
};

/**
 * The passage's face-comparison alert (type 1): the capture beside the registered picture, through the alert
 * channel, once per passage. Called after the passage is recorded; an alert that cannot be raised never loses the
 * passage, so its failure is the caller's log line only.
 */
export const raisePassageAlert = async (db: Db, c: ConcernInput, concern: string) => {
  const content: FaceContent = {
    face_url: c.img,
    face_time: formatTime(c.at),
    similarity: c.similarity ?? 0,
    face_pic_url: c.person?.pic ?? '',
    face_info_name: c.person?.name || '陌生人',
  };
  return raiseAlert(db, {
    tenantId: c.tenantId,
    villageId: c.villageId,
    type: AlertType.face,
    title: `${c.deviceName}：${concern}`,
    content,
    source: 'access_record',
    sourceId: c.recordId,
  });
};

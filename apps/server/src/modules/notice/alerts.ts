import { and, eq } from 'drizzle-orm';
import type { Db } from '../../core/db/client.ts';
import { villages } from '../tenancy/index.ts';
import { busOf } from '../../core/bus/index.ts';
import { fanOut, type AlertTarget } from './hub.ts';
import { abnormalAlerts } from './schema.ts';
import { alertView, type AlertView } from './service.ts';

export const ALERT_TOPIC = 'alert';
export type RaisedAlert = { target: AlertTarget; alert: AlertView };

/** an alert another process raised reaches the event streams of this one */
export const relayAlerts = (db: Db) =>
  busOf(db).on(ALERT_TOPIC, (data) => {
    const { target, alert } = data as RaisedAlert;
    fanOut(db, target, alert);
  });

/** Face-comparison content (type 1): what the abnormal dialog shows side by side. */
export type FaceContent = {
  face_url: string;
  face_time: string;
  similarity: number;
  face_pic_url: string;
  face_info_name: string;
};

export type RaiseAlertInput = {
  tenantId: number;
  villageId: number;
  /** 1 face comparison, 2 overdue work order, 3 payment failure, …; the rights it needs: service.ts alertTypePerms */
  type: number;
  title: string;
  /** plain text, or an object stored as JSON (a face comparison's FaceContent) */
  content: string | Record<string, unknown>;
  /** the raising domain ('repair', 'payment', …) and its record: one alert per pair, however often raised */
  source: string;
  sourceId: string | number;
  /** only these users see it; omitted = everyone of the company whose data scope covers the village */
  userIds?: number[];
};

/**
 * Records an abnormal alert once per (source, sourceId) and pushes it to the open event streams of
 * the users who may see it. Raising the same event again returns the first alert with created false
 * and pushes nothing. Call it after the raising transaction committed: the stream must never show an
 * alert that a rollback takes back.
 */
export const raiseAlert = async (db: Db, input: RaiseAlertInput): Promise<{ id: number; created: boolean }> => {
  const sourceId = String(input.sourceId);
  const content = typeof input.content === 'string' ? input.content : JSON.stringify(input.content);
  const userIds = input.userIds ? [...new Set(input.userIds)] : null;
  const [row] = await db
    .insert(abnormalAlerts)
    .values({
      tenantId: input.tenantId,
      villageId: input.villageId,
      type: input.type,
      title: input.title.slice(0, 200),
      originalContent: content,
      source: input.source.slice(0, 32),
      sourceId: sourceId.slice(0, 64),
      userIds,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const [first] = await db
      .select({ id: abnormalAlerts.id })
      .from(abnormalAlerts)
      .where(
        and(eq(abnormalAlerts.source, input.source.slice(0, 32)), eq(abnormalAlerts.sourceId, sourceId.slice(0, 64))),
      );
    return { id: first?.id ?? 0, created: false };
  }
  const [v] = await db.select({ name: villages.name }).from(villages).where(eq(villages.id, row.villageId));
  const raised: RaisedAlert = {
    target: { tenantId: row.tenantId, villageId: row.villageId, type: row.type, userIds: row.userIds },
    alert: alertView(row, v?.name ?? ''),
  };
  fanOut(db, raised.target, raised.alert);
  // and to the streams the other server processes hold
  busOf(db).publish(ALERT_TOPIC, raised);
  return { id: row.id, created: true };
};

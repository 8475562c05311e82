import type { ApictureAlert } from '@5a/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../../core/auth/actor.ts';
import type { Db } from '../../../core/db/client.ts';
import { formatTime } from '../../../core/time.ts';
import { alertScopeWhere } from '../../notice/index.ts';
import { mapScope, q } from './scope.ts';

/** the alerts listed at most (open ones first, then the latest handled) */
export const ALERT_LIMIT = 50;

/** 异常预警's types by number (AlertType of the notice module) */
export const ALERT_TYPE_NAMES: Record<number, string> = {
  1: '人脸比对',
  2: '工单超时',
  3: '缴费失败',
  4: '巡更漏巡',
  5: '关爱提醒',
  6: '老人跌倒',
  7: '占道停车',
  8: '垃圾暴露',
  9: '区域入侵',
  10: '高空抛物',
};

/**
 * Which alerts of a village in his scope the caller sees, on `abnormal_alerts`: a company user those his rights
 * and data scope cover (as his bell shows them); an operator or the platform every alert of the villages in scope.
 */
export const alertsWhere = (caller: Caller): SQL => (caller.actor.kind === 'web' ? alertScopeWhere(caller) : sql`true`);

type AlertRow = {
  id: number;
  title: string;
  type: number;
  village_id: number;
  village_name: string;
  created_at: Date | string;
  handled: number;
  order_id: number | null;
};

/** The caller's alerts (of one village, or all his), open ones first, newest first. */
export const mapAlerts = async (db: Db, caller: Caller, vid: number): Promise<ApictureAlert[]> => {
  const scope = await mapScope(db, caller);
  const rows = await q<AlertRow>(
    db,
    sql`select abnormal_alerts.id, abnormal_alerts.title, abnormal_alerts.type, abnormal_alerts.village_id,
        v.name as village_name, abnormal_alerts.created_at, abnormal_alerts.handled, o.id as order_id
      from abnormal_alerts join villages v on v.id = abnormal_alerts.village_id join tenants t on t.id = v.tenant_id
        left join repair_orders o on o.alert_id = abnormal_alerts.id
      where ${scope} and ${alertsWhere(caller)} ${vid ? sql`and abnormal_alerts.village_id = ${vid}` : sql``}
      order by abnormal_alerts.handled desc, abnormal_alerts.created_at desc, abnormal_alerts.id desc
      limit ${ALERT_LIMIT}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    type: Number(r.type),
    typeName: ALERT_TYPE_NAMES[Number(r.type)] ?? '异常',
    villageId: Number(r.village_id),
    villageName: r.village_name,
    createTime: formatTime(r.created_at),
    handled: Number(r.handled),
    orderId: r.order_id === null ? null : Number(r.order_id),
  }));
};

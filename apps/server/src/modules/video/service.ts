import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { Code } from '@5a/contracts';
import type {
  ShareCreateReply,
  ShareRow,
  VideoCamera,
  VideoListReply,
  VideoTreeNode,
} from '@5a/contracts/endpoints/video';
import type { Caller } from '../../core/auth/actor.ts';
import type { Db } from '../../core/db/client.ts';
import { scopeWhere } from '../../core/engine/scope.ts';
import { fail, forbidden, invalid, notFound } from '../../core/errors.ts';
import { formatTime } from '../../core/time.ts';
import { services, tenantServices } from '../fees/index.ts';
import { villages } from '../tenancy/index.ts';
import { CAMERA_STATE, videoListResource } from './resource.ts';
import { videoCameras, videoShares } from './schema.ts';

/** the public wall's page: its token rides in the query (`/openmonitor?param=…`) */
export const OPEN_MONITOR_PATH = '/openmonitor';
const VIDEO_SERVICE = 'video';
/** at most a year: a link that never ends is one nobody remembers to revoke */
export const MAX_SHARE_DAYS = 365;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Enabled cameras under `where`, by keyword (name or number), in number order, with their tree. */
const wall = async (db: Db, where: SQL | undefined, keyword: string | undefined): Promise<VideoListReply> => {
  const k = keyword?.trim();
  const rows = await db
    .select({
      id: videoCameras.id,
      name: videoCameras.name,
      number: videoCameras.cameraNo,
      createdAt: videoCameras.createdAt,
      url: videoCameras.streamUrl,
      villageId: videoCameras.villageId,
      villageName: villages.name,
      area: videoCameras.area,
      location: videoCameras.location,
    })
    .from(videoCameras)
    .innerJoin(villages, eq(villages.id, videoCameras.villageId))
    .where(
      and(
        where,
        eq(videoCameras.state, CAMERA_STATE.enabled),
        k
          ? or(ilike(videoCameras.name, `%${escapeLike(k)}%`), ilike(videoCameras.cameraNo, `%${escapeLike(k)}%`))
          : undefined,
      ),
    )
    .orderBy(asc(videoCameras.cameraNo), asc(videoCameras.id))
    .limit(1000);
  const data: VideoCamera[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    number: r.number,
    create_time: formatTime(r.createdAt),
    url: r.url,
    village_name: r.villageName,
    area: r.area,
    location: r.location,
  }));
  return { data, tree: treeOf(rows) };
};

type TreeRow = { id: number; name: string; number: string; villageId: number; villageName: string; area: string };

/** village → area → camera, in the order the cameras come; a camera without an area hangs under 未分区 */
export const treeOf = (rows: readonly TreeRow[]): VideoTreeNode[] => {
  const byVillage = new Map<number, { node: VideoTreeNode; areas: Map<string, VideoTreeNode> }>();
  for (const r of rows) {
    let v = byVillage.get(r.villageId);
    if (!v) {
      v = { node: { key: `v${r.villageId}`, label: r.villageName, children: [] }, areas: new Map() };
      byVillage.set(r.villageId, v);
    }
    const areaName = r.area || '未分区';
    let a = v.areas.get(areaName);
    if (!a) {
      a = { key: `v${r.villageId}-${areaName}`, label: areaName, children: [] };
      v.areas.set(areaName, a);
      v.node.children!.push(a);
    }
    a.children!.push({ key: `c${r.id}`, label: r.name, id: r.id });
  }
  return [...byVillage.values()].map((v) => v.node);
};

/** The logged-in wall: the caller's cameras, within his company and his villages (as the camera list scopes them). */
export const callerWall = (db: Db, caller: Caller, keyword?: string) =>
  wall(db, scopeWhere(videoListResource, caller, false), keyword);

/**
 * The public wall of a share link: the company's enabled cameras of the villages the link names, while the link
 * is neither expired nor revoked and the company still holds the video service. Anything else is refused with
 * one code, so a guessed token learns nothing but that it is wrong.
 */
export const sharedWall = async (db: Db, token: string, keyword?: string): Promise<VideoListReply> => {
  const [share] = await db
    .select({
      tenantId: videoShares.tenantId,
      villageIds: videoShares.villageIds,
      expired: sql<boolean>`${videoShares.expiresAt} <= now()`,
      revoked: sql<boolean>`${videoShares.revokedAt} is not null`,
      serviceHeld: sql<boolean>`exists (select 1 from ${tenantServices} ts join ${services} s on s.id = ts.service_id
        where ts.tenant_id = ${videoShares.tenantId} and s.code = ${VIDEO_SERVICE} and s.status = 1
        and ts.end_date >= (now() at time zone 'Asia/Shanghai')::date)`,
    })
    .from(videoShares)
    .where(eq(videoShares.tokenHash, hashToken(token)))
    .limit(1);
  if (!share) throw fail('监控分享链接无效', Code.expired);
  if (share.revoked) throw fail('监控分享链接已被撤销', Code.expired);
  if (share.expired) throw fail('监控分享链接已过期', Code.expired);
  if (!share.serviceHeld) throw fail('视频监控服务未开通或已到期', Code.expired);
  // the villages are read again under the company: a village since moved or deleted drops out
  return wall(
    db,
    and(eq(videoCameras.tenantId, share.tenantId), inArray(videoCameras.villageId, share.villageIds)),
    keyword,
  );
};

/** The villages of the company the caller may see, among `ids`; any other id refuses the whole request. */
const callerVillages = async (db: Db, caller: Caller, ids: readonly number[]) => {
  const tenantId = caller.actor.tenantId;
  if (caller.actor.kind !== 'web' || tenantId === null) throw forbidden();
  const allowed = caller.villageIds === null ? ids : ids.filter((id) => caller.villageIds!.includes(id));
  const rows = allowed.length
    ? await db
        .select({ id: villages.id })
        .from(villages)
        .where(and(eq(villages.tenantId, tenantId), inArray(villages.id, [...allowed])))
    : [];
  if (rows.length !== new Set(ids).size) throw invalid('所属小区 不存在或无权访问', 'village_ids');
  return rows.map((r) => r.id);
};

export type ShareInput = { title: string; village_ids: number[]; days: number };

/** 分享监控: a new link; the token is 32 random bytes, shown in this reply only. */
export const createShare = async (db: Db, caller: Caller, input: ShareInput): Promise<ShareCreateReply> => {
  const villageIds = await callerVillages(db, caller, input.village_ids);
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(videoShares)
    .values({
      tenantId: caller.actor.tenantId!,
      title: input.title,
      villageIds,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(days => ${input.days})`,
      createdBy: caller.actor.id,
    })
    .returning({ id: videoShares.id, expiresAt: videoShares.expiresAt });
  return {
    id: row!.id,
    token,
    path: `${OPEN_MONITOR_PATH}?param=${token}`,
    expire_time: formatTime(row!.expiresAt),
  };
};

/** the links a caller may see and revoke: his company's, and with a village scope only those within it */
const sharesOf = (caller: Caller): SQL => {
  const tenantId = caller.actor.tenantId;
  if (caller.actor.kind !== 'web' || tenantId === null) throw forbidden();
  const scope = caller.villageIds;
  return and(
    eq(videoShares.tenantId, tenantId),
    scope === null ? undefined : sql`${videoShares.villageIds} <@ ${`{${scope.join(',')}}`}::int[]`,
  )!;
};

const STATE_TEXT: Record<number, string> = { 1: '有效', 2: '已过期', 3: '已撤销' };

/** The company's links, newest first, with the names of their villages. */
export const listShares = async (db: Db, caller: Caller): Promise<ShareRow[]> => {
  const rows = await db
    .select({
      id: videoShares.id,
      title: videoShares.title,
      villageNames: sql<string>`coalesce((select string_agg(v.name, '、' order by v.id) from ${villages} v
        where v.tenant_id = ${videoShares.tenantId} and v.id = any(${videoShares.villageIds})), '')`,
      expiresAt: videoShares.expiresAt,
      createdAt: videoShares.createdAt,
      state: sql<number>`case when ${videoShares.revokedAt} is not null then 3
        when ${videoShares.expiresAt} <= now() then 2 else 1 end`,
    })
    .from(videoShares)
    .where(sharesOf(caller))
    .orderBy(sql`${videoShares.id} desc`)
    .limit(200);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    village_names: r.villageNames,
    expire_time: formatTime(r.expiresAt),
    create_time: formatTime(r.createdAt),
    state: Number(r.state),
    state_text: STATE_TEXT[Number(r.state)] ?? '',
  }));
};

/** 撤销: the link stops working at once; revoking one already revoked changes nothing. */
export const revokeShare = async (db: Db, caller: Caller, id: number) => {
  const mine = and(eq(videoShares.id, id), sharesOf(caller));
  const [row] = await db.select({ id: videoShares.id }).from(videoShares).where(mine).limit(1);
  if (!row) throw notFound();
  await db
    .update(videoShares)
    .set({ revokedAt: sql`now()` })
    .where(and(mine, isNull(videoShares.revokedAt)));
  return { id };
};

import { FACE_REFRESH_DEFAULT_SIZE, type FaceRefreshReply } from '@5a/contracts/endpoints/access-faces';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { invalid } from '../../../core/errors.ts';
import type { JobQueue } from '../../../core/jobs/types.ts';
import type { Scope } from '../../estate/index.ts';
import { expectedPeople } from '../rights/expected.ts';
import { devicesOf, diffOf } from './diff.ts';
import { queueSync } from './push.ts';

/**
 * 刷新人脸: the device's whole expected list, resent page by page (a door replaced or reset). Asked without a page,
 * it answers how the list splits; asked for page n, that page's people go to the device as one sync through the job
 * runner — the first page also takes off whoever the device holds but should not. The list is computed at each
 * call, so a page is what the doors' rules say at that moment.
 */
export const refreshFaces = async (
  db: Db,
  registry: AppRegistry,
  jobs: JobQueue,
  s: Scope,
  body: { gate_id: number; pageSize?: number; page?: number },
): Promise<FaceRefreshReply> => {
  // another company's or village's device is 数据不存在
  await devicesOf(db, s, body.gate_id);
  const size = body.pageSize || FACE_REFRESH_DEFAULT_SIZE;
  const people = (await expectedPeople(db, registry, s.tenantId, [body.gate_id]))
    .map((e) => e.face_id)
    .sort((a, b) => a.localeCompare(b));
  const total = people.length;
  const pageCount = Math.ceil(total / size);
  if (body.page === undefined) return { pageCount, size, total, current: 1 };
  if (body.page > pageCount) throw invalid(`页码超出范围（共${pageCount}页）`, 'page');
  const add = people.slice((body.page - 1) * size, body.page * size);
  const remove =
    body.page === 1 ? ((await diffOf(db, registry, s.tenantId, [body.gate_id])).get(body.gate_id)?.extra ?? []) : [];
  await queueSync(db, jobs, {
    tenantId: s.tenantId,
    deviceId: body.gate_id,
    source: 'refresh',
    page: body.page,
    addFaces: add,
    removeFaces: remove.map((r) => r.face_id),
    requestedBy: s.userId,
  });
  return { pageCount, size, total, current: body.page };
};

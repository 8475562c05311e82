import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  controlRefusal,
  tagsOf,
  underControl,
  type ControlDetail,
  type TagOption,
} from '@5a/contracts/endpoints/prevention';
import type { Db } from '../../core/db/client.ts';
import { touchTable } from '../../core/engine/list-totals.ts';
import { invalid, notFound } from '../../core/errors.ts';
import { gatePersons, logSensitiveViews, type Scope } from '../estate/index.ts';
import { dictData } from '../system/index.ts';
import { preventionControlHistory, preventionControls } from './schema.ts';

export const TAG_DICT = 'person_tag';

/** The company's resident tags: the platform's items, a company's own item of the same value in its place, then its own. */
export const tagOptions = async (db: Db, tenantId: number): Promise<TagOption[]> => {
  const rows = await db
    .select({ label: dictData.dictLabel, value: dictData.dictValue, tenantId: dictData.tenantId })
    .from(dictData)
    .where(
      and(
        eq(dictData.dictType, TAG_DICT),
        eq(dictData.status, 1),
        or(isNull(dictData.tenantId), eq(dictData.tenantId, tenantId)),
      ),
    )
    .orderBy(asc(dictData.dictNumber), asc(dictData.id));
  const byValue = new Map<string, string>();
  for (const r of rows) if (!byValue.has(r.value) || r.tenantId !== null) byValue.set(r.value, r.label);
  return [...byValue].map(([value, label]) => ({ value, label }));
};

type PersonRow = { id: number; name: string; tags: string; village_id: number };

/** the resident in the caller's company and villages; another company's is 数据不存在 */
const personOf = async (db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], s: Scope, id: number) => {
  const villages = s.villageIds === null ? sql`true` : sql`p.village_id = any(${`{${s.villageIds.join(',')}}`}::int[])`;
  const res = await db.execute(sql`select p.id, p.name, p.tags, p.village_id from ${gatePersons} p
    where p.id = ${id} and p.tenant_id = ${s.tenantId} and ${villages} for update`);
  const [p] = (res as unknown as { rows: PersonRow[] }).rows;
  if (!p) throw notFound();
  return p;
};

const detailOf = async (db: Db, s: Scope, id: number): Promise<ControlDetail> => {
  const p = await personOf(db, s, id);
  const [c] = await db.select().from(preventionControls).where(eq(preventionControls.personId, p.id));
  return {
    id: p.id,
    name: p.name,
    tags: p.tags,
    health_code: c?.healthCode ?? 1,
    pass_status: c?.passStatus ?? 1,
    start_time: c?.startTime ?? '',
    end_time: c?.endTime ?? '',
  };
};

/**
 * The 防控 dialog's values: whoever may set a health code sees it, and the view is logged like an unmasked list row.
 */
export const controlDetail = async (db: Db, s: Scope, id: number): Promise<ControlDetail> => {
  const d = await detailOf(db, s, id);
  logSensitiveViews(db, s, [d.id], 'protection:health_code,pass_status,start_time,end_time');
  return d;
};

export type ControlInput = {
  id: number;
  tags: string[];
  health_code: number | null;
  pass_status: number | null;
  start_time: string | null;
  end_time: string | null;
};

/**
 * Saves a resident's tags and, while he carries the prevention tag, his control — refused by the prevention rules
 * before anything is written. Removing the tag ends the control (green, normal, no dates). Every
 * save of a control is a history row (staff, the user), even one that changed nothing but the tags; passing normally
 * again after more stamps released_at.
 */
export const saveControl = async (db: Db, s: Scope, input: ControlInput, tagValues: readonly string[]) => {
  const tags = [...new Set(tagsOf(input.tags))];
  const unknown = tags.find((t) => !tagValues.includes(t));
  if (unknown !== undefined) throw invalid(`住户标签“${unknown}”不存在`, 'tags');
  const controlled = underControl(tags);
  const values = controlled
    ? {
        health_code: input.health_code ?? 0,
        pass_status: input.pass_status ?? 0,
        start_time: input.start_time || null,
        end_time: input.end_time || null,
      }
    : { health_code: 1, pass_status: 1, start_time: null, end_time: null };
  if (controlled) {
    const refusal = controlRefusal(values);
    if (refusal) throw invalid(refusal.msg, refusal.field);
  }
  // a green code keeps no isolation dates
  if (values.health_code === 1) Object.assign(values, { start_time: null, end_time: null });
  await db.transaction(async (tx) => {
    const p = await personOf(tx, s, input.id);
    await tx
      .update(gatePersons)
      .set({ tags: tags.join(',') })
      .where(eq(gatePersons.id, p.id));
    const [before] = await tx.select().from(preventionControls).where(eq(preventionControls.personId, p.id));
    // an untagged resident without a control has nothing to end
    if (!controlled && !before) return;
    const released = before !== undefined && before.passStatus > 1 && values.pass_status === 1;
    const row = {
      tenantId: s.tenantId,
      villageId: p.village_id,
      healthCode: values.health_code,
      passStatus: values.pass_status,
      startTime: values.start_time,
      endTime: values.end_time,
      updatedBy: s.userId,
      updatedAt: sql`now()`,
      // a new isolation starts unreleased; an ended one keeps its stamp
      releasedAt: released ? sql`now()` : values.pass_status > 1 ? null : (before?.releasedAt ?? null),
      healthClearedAt: null,
    };
    await tx
      .insert(preventionControls)
      .values({ personId: p.id, ...row })
      .onConflictDoUpdate({ target: [preventionControls.personId, preventionControls.tenantId], set: row });
    await tx.insert(preventionControlHistory).values({
      tenantId: s.tenantId,
      villageId: p.village_id,
      personId: p.id,
      healthCode: values.health_code,
      passStatus: values.pass_status,
      startTime: values.start_time,
      endTime: values.end_time,
      source: 'staff',
      userId: s.userId,
    });
  });
  touchTable(gatePersons);
  return detailOf(db, s, input.id);
};

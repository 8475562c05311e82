import { eq, sql } from 'drizzle-orm';
import type { CareRule } from '@5a/contracts/endpoints/prevention';
import type { Db } from '../../core/db/client.ts';
import { invalid } from '../../core/errors.ts';
import { tagOptions } from './control.ts';
import { DEFAULT_RETENTION_DAYS } from './jobs.ts';
import { careRules, preventionSettings } from './schema.ts';

export const DEFAULT_CARE_HOURS = 48;

/** every tag of the company with its care rule (off, 48 h until switched on) */
export const careRulesOf = async (db: Db, tenantId: number): Promise<CareRule[]> => {
  const [tags, rules] = await Promise.all([
    tagOptions(db, tenantId),
    db.select().from(careRules).where(eq(careRules.tenantId, tenantId)),
  ]);
  const byTag = new Map(rules.map((r) => [r.tagValue, r]));
  return tags.map((t) => ({
    tag: t.value,
    label: t.label,
    enabled: byTag.get(t.value)?.enabled ?? false,
    hours: byTag.get(t.value)?.hours ?? DEFAULT_CARE_HOURS,
  }));
};

/** saves the rules sent (each of a tag the company has), in one upsert */
export const saveCareRules = async (
  db: Db,
  tenantId: number,
  rules: readonly { tag: string; enabled: boolean; hours: number }[],
) => {
  const tags = new Set((await tagOptions(db, tenantId)).map((t) => t.value));
  const unknown = rules.find((r) => !tags.has(r.tag));
  if (unknown) throw invalid(`住户标签“${unknown.tag}”不存在`, 'rules');
  if (new Set(rules.map((r) => r.tag)).size !== rules.length) throw invalid('住户标签重复', 'rules');
  if (rules.length)
    await db
      .insert(careRules)
      .values(rules.map((r) => ({ tenantId, tagValue: r.tag, enabled: r.enabled, hours: r.hours })))
      .onConflictDoUpdate({
        target: [careRules.tenantId, careRules.tagValue],
        set: { enabled: sql`excluded.enabled`, hours: sql`excluded.hours`, updatedAt: sql`now()` },
      });
  return careRulesOf(db, tenantId);
};

export const retentionOf = async (db: Db, tenantId: number) => {
  const [s] = await db.select().from(preventionSettings).where(eq(preventionSettings.tenantId, tenantId));
  return { retention_days: s?.retentionDays ?? DEFAULT_RETENTION_DAYS };
};

export const saveRetention = async (db: Db, tenantId: number, days: number) => {
  await db
    .insert(preventionSettings)
    .values({ tenantId, retentionDays: days })
    .onConflictDoUpdate({
      target: preventionSettings.tenantId,
      set: { retentionDays: days, updatedAt: sql`now()` },
    });
  return retentionOf(db, tenantId);
};

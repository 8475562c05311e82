import { sql } from 'drizzle-orm';
import type { ActionTarget, ResidentAction } from '@5a/contracts/endpoints/resident';
import type { Db } from '../../../core/db/client.ts';
import { unpaidBillsOf } from '../../fees/index.ts';
import { questionnaires, votes } from '../../community/index.ts';

/** the resident a link is for, as his targets are found: his company, village and house */
export type LinkPerson = { tenantId: number; villageId: number; houseId: number };

/** what a link of one action may point at for a person: the choices, and whether an id is one of them */
export type TargetSource = { list: (db: Db, p: LinkPerson) => Promise<ActionTarget[]> };

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** his house's unpaid bills */
const billTargets: TargetSource = {
  list: async (db, p) =>
    (await unpaidBillsOf(db, p.tenantId, [p.houseId])).map((b) => ({
      value: b.id,
      label: `${b.name}（${b.period}）￥${b.total}`,
    })),
};

/** his village's published questionnaires within their period */
const questionnaireTargets: TargetSource = {
  list: async (db, p) =>
    rowsOf<ActionTarget>(
      await db.execute(sql`select id as value, title as label from ${questionnaires}
        where tenant_id = ${p.tenantId} and village_id = ${p.villageId} and status = 1
          and start_time <= now() and end_time > now() order by id desc`),
    ),
};

/** his village's votes open now (state 3 投票中) */
const voteTargets: TargetSource = {
  list: async (db, p) =>
    rowsOf<ActionTarget>(
      await db.execute(sql`select id as value, title as label from ${votes}
        where tenant_id = ${p.tenantId} and village_id = ${p.villageId} and state = 3 and etime > now()
        order by id desc`),
    ),
};

export const linkTargets: Record<ResidentAction, TargetSource> = {
  bill: billTargets,
  questionnaire: questionnaireTargets,
  vote: voteTargets,
};

/** whether an id is one of the person's targets of that action */
export const isTarget = async (db: Db, action: ResidentAction, p: LinkPerson, id: number) =>
  (await linkTargets[action].list(db, p)).some((t) => Number(t.value) === id);

import { sql } from 'drizzle-orm';
import { VOTE_BASE, VOTE_STATES, VOTE_TYPES } from '@5a/contracts/endpoints/community';
import { qualified } from '../../../core/db/sql.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef, Row } from '../../../core/engine/types.ts';
import { fail, invalid } from '../../../core/errors.ts';
import { villageField } from '../../tenancy/index.ts';
import { instantOf } from '../fields.ts';
import { voteBallots, voteOptions, voteProxies, voteRoll, votes } from '../schema-vote.ts';
import { VoteState } from './review.ts';
import { isResolution } from './roll.ts';

export const VOTE_ROUTE = `${VOTE_BASE}/listConfig`;
/** a resolution's choices; 同意 is what the tally counts as yes */
export const RESOLUTION_OPTIONS = ['同意', '反对', '弃权'] as const;
const id = qualified(votes.id);
const shown = { add: false, edit: false, import: false } as const;

/** the options typed one per line, blank lines dropped */
export const optionLines = (input: Row) =>
  String(input.options_input ?? '')
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * 社区投票: polls (one ballot per household or per resident) and owners' general-meeting resolutions (the roll
 * frozen at publishing, the double majority by area and headcount). A vote is reviewed before it opens; once
 * open it changes no more, and the close job ends it at its 截止时间.
 */
export const voteResource: ResourceDef = defineResource({
  route: VOTE_ROUTE,
  title: '社区投票',
  name: 'Vote',
  menu: { app: 'web', group: 'community', title: '社区投票', order: 2, buttons: ['add', 'edit', 'remove', 'export'] },
  table: votes,
  ownership: 'tenant',
  villageScoped: true,
  order: [{ column: 'id', dir: 'desc' }],
  toolbar: ['add', 'export'],
  rowActions: [
    {
      type: 'voteReview',
      title: '审核',
      api: `${VOTE_BASE}/audit`,
      showRule: { key: 'state', val: VoteState.pending },
    },
    { type: 'voteView', title: '查看结果', api: `${VOTE_BASE}/cview` },
    'edit',
    'delete',
  ],
  fields: [
    villageField(),
    { prop: 'title', label: '投票标题', type: 'text', required: true, maxLength: 100, search: true, width: 200 },
    { prop: 'description', label: '投票说明', type: 'textarea', maxLength: 2000, table: false },
    { prop: 'img', label: '图片', type: 'image', table: false },
    {
      prop: 'vote_type',
      label: '投票类型',
      type: 'select',
      options: [...VOTE_TYPES],
      required: true,
      search: 'eq',
      width: 170,
      defaultValue: 1,
    },
    {
      prop: 'options_input',
      label: '投票选项',
      type: 'textarea',
      virtual: true,
      placeholder: '每行一个选项；业主大会表决固定为 同意/反对/弃权',
      table: false,
      detail: false,
      export: false,
      import: false,
    },
    {
      prop: 'options',
      label: '选项',
      type: 'text',
      computed: sql`(select coalesce(string_agg(o.text, '、' order by o.sort, o.id), '') from ${voteOptions} o where o.vote_id = ${id} and o.tenant_id = ${qualified(votes.tenantId)})`,
      width: 180,
      ...shown,
    },
    { prop: 'etime', label: '截止时间', type: 'datetime', required: true, width: 160 },
    { prop: 'state', label: '状态', type: 'select', options: [...VOTE_STATES], search: 'eq', width: 80, ...shown },
    { prop: 'test', label: '审核备注', type: 'text', width: 140, ...shown },
    { prop: 'create_time', label: '创建时间', type: 'datetime', width: 160, ...shown },
  ],
  hooks: {
    beforeSave: (_ctx, values, existing, input) => {
      if (existing && Number(existing.state) >= VoteState.open) throw fail('投票已发布，不能修改');
      const type = Number(values.voteType ?? existing?.voteType);
      const lines = optionLines(input);
      if (!isResolution(type) && (lines.length === 1 || (!existing && lines.length < 2)))
        throw invalid('投票选项 至少填写两个', 'options_input');
      if (lines.some((l) => l.length > 100)) throw invalid('投票选项 每个不能超过100个字符', 'options_input');
      if (lines.length > 30) throw invalid('投票选项 不能超过30个', 'options_input');
      const etime = instantOf(values.etime);
      if (values.etime !== undefined && !(etime && etime > new Date()))
        throw invalid('截止时间 须晚于当前时间', 'etime');
      const out = etime ? { ...values, etime } : values;
      // an edited vote (a rejected one too) waits for review again
      return existing ? { ...out, state: VoteState.pending } : out;
    },
    afterSave: async ({ db, actor }, voteId, input) => {
      const [vote] =
        (await db
          .select({ type: votes.voteType })
          .from(votes)
          .where(sql`${votes.id} = ${voteId}`)) ?? [];
      const resolution = isResolution(Number(vote?.type));
      const lines = resolution ? [...RESOLUTION_OPTIONS] : optionLines(input);
      if (!resolution && !lines.length) {
        const kept = await db
          .select({ id: voteOptions.id })
          .from(voteOptions)
          .where(sql`${voteOptions.voteId} = ${voteId}`);
        if (kept.length >= 2) return;
        throw invalid('投票选项 至少填写两个', 'options_input');
      }
      await db.delete(voteOptions).where(sql`${voteOptions.voteId} = ${voteId}`);
      await db.insert(voteOptions).values(
        lines.map((text, i) => ({
          tenantId: actor.tenantId ?? -1,
          voteId,
          text,
          sort: i + 1,
          agree: resolution && i === 0 ? 1 : 0,
        })),
      );
    },
    beforeDelete: async ({ db }, existing) => {
      if (Number(existing.state) >= VoteState.open) throw fail('投票已发布，不能删除');
      const vid = Number(existing.id);
      for (const t of [voteOptions, voteRoll, voteBallots, voteProxies])
        await db.execute(sql`delete from ${t} where vote_id = ${vid}`);
    },
  },
});

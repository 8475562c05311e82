import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf, intOf } from '@5a/contracts';
import { preventionApi, tagsOf } from '@5a/contracts/endpoints/prevention';
import { callerOf } from '../../core/http/access.ts';
import { serve, withMsg } from '../../core/http/endpoint.ts';
import type { FastifyRequest } from 'fastify';
import { scopeOfCaller } from '../estate/index.ts';
import type { ModuleDeps } from '../types.ts';
import { controlDetail, saveControl, tagOptions } from './control.ts';
import { careRulesOf, retentionOf, saveCareRules, saveRetention } from './settings.ts';

const tags = ['防控名单'];
const blank = (v: unknown) => (v === '' || v === undefined ? null : v);
const isRealDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const dayOf = (label: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: `${label}格式错误` })
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为YYYY-MM-DD`)
      .refine(isRealDay, `${label}不是有效日期`)
      .nullable(),
  );
const codeOf = (label: string) => z.preprocess(blank, intOf(label, 1, 3).nullable());

const controlBody = z.object({
  id: idOf('住户'),
  tags: z.union([z.string().max(500, '住户标签格式错误'), z.array(z.coerce.string()).max(50, '住户标签格式错误')], {
    error: '住户标签格式错误',
  }),
  health_code: codeOf('健康码').optional(),
  pass_status: codeOf('通行状态').optional(),
  start_time: dayOf('隔离开始日期').optional(),
  end_time: dayOf('隔离结束日期').optional(),
});
const detailReply = z.object({
  id: z.number(),
  name: z.string(),
  tags: z.string(),
  health_code: z.number(),
  pass_status: z.number(),
  start_time: z.string(),
  end_time: z.string(),
});
const careRuleReply = z.array(
  z.object({ tag: z.string(), label: z.string(), enabled: z.boolean(), hours: z.number() }),
);
const retentionBody = z.object({ retention_days: intOf('保留天数', 1, 3650) });

const scope = (req: FastifyRequest) => scopeOfCaller(callerOf(req));

/** 防控名单: the 防控 dialog's calls (tags, a resident's control, saving it by the rules), 关爱规则 and 数据保留. */
export const registerPreventionRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  serve(
    app,
    preventionApi.dict,
    {
      tags,
      summary: '防控对话框的住户标签选项 → {tags}',
      body: z.object({}),
      reply: z.object({ tags: z.array(z.object({ label: z.string(), value: z.string() })) }),
      access: { perm: 'Protection:view' },
      writes: false,
    },
    async (_b, req) => ({ tags: await tagOptions(db, scope(req).tenantId) }),
  );
  serve(
    app,
    preventionApi.detail,
    {
      tags,
      summary: '住户的标签与防控信息 {id}（有修改权限者可见，查看记入敏感信息查看记录）',
      body: z.object({ id: idOf('住户') }),
      reply: detailReply,
      access: { perm: 'Protection:edit' },
      writes: false,
    },
    async ({ id }, req) => controlDetail(db, scope(req), id),
  );
  serve(
    app,
    preventionApi.edit,
    {
      tags,
      summary:
        '保存住户标签与防控信息 {id, tags, health_code, pass_status, start_time, end_time}：绿码正常通行，黄码红码不能正常通行且须填隔离日期',
      body: controlBody,
      reply: detailReply,
      access: { perm: 'Protection:edit' },
      writes: true,
    },
    async (b, req) => {
      const s = scope(req);
      const known = (await tagOptions(db, s.tenantId)).map((t) => t.value);
      const saved = await saveControl(
        db,
        s,
        {
          id: b.id,
          tags: tagsOf(b.tags),
          health_code: b.health_code ?? null,
          pass_status: b.pass_status ?? null,
          start_time: b.start_time ?? null,
          end_time: b.end_time ?? null,
        },
        known,
      );
      return withMsg(saved, '保存成功');
    },
  );
  serve(
    app,
    preventionApi.careRulesOf,
    {
      tags,
      summary: '关爱规则：每个住户标签是否开启及未通行小时数',
      body: z.object({}),
      reply: careRuleReply,
      access: { perm: 'Protection:view' },
      writes: false,
    },
    async (_b, req) => careRulesOf(db, scope(req).tenantId),
  );
  serve(
    app,
    preventionApi.careRules,
    {
      tags,
      summary: '保存关爱规则 {rules: [{tag, enabled, hours}]}：开启的标签住户超过小时数未通行时发出关爱提醒',
      body: z.object({
        rules: z
          .array(
            z.object({
              tag: z.coerce.string().max(20, '住户标签格式错误'),
              enabled: z.boolean({ error: '是否开启格式错误' }),
              hours: intOf('未通行小时数', 1, 720),
            }),
          )
          .max(100, '关爱规则过多'),
      }),
      reply: careRuleReply,
      access: { perm: 'Protection:edit' },
      writes: true,
    },
    async ({ rules }, req) => withMsg(await saveCareRules(db, scope(req).tenantId, rules), '保存成功'),
  );
  serve(
    app,
    preventionApi.retentionOf,
    {
      tags,
      summary: '数据保留：隔离解除后健康信息保留天数',
      body: z.object({}),
      reply: retentionBody,
      access: { perm: 'Protection:view' },
      writes: false,
    },
    async (_b, req) => retentionOf(db, scope(req).tenantId),
  );
  serve(
    app,
    preventionApi.retention,
    {
      tags,
      summary: '设置数据保留天数 {retention_days}：隔离解除满该天数后清除健康码与隔离日期',
      body: retentionBody,
      reply: retentionBody,
      access: { perm: 'Protection:edit' },
      writes: true,
    },
    async ({ retention_days }, req) =>
      withMsg(await saveRetention(db, scope(req).tenantId, retention_days), '保存成功'),
  );
};

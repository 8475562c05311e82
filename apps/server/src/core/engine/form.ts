import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dynamicFormSchema, type DynamicForm } from '@5a/contracts';
import { replySchema } from '../http/endpoint.ts';
import type { Db } from '../db/client.ts';
import { invalid } from '../errors.ts';
import { ok } from '../http/envelope.ts';
import { baseOf } from './config.ts';
import { fieldConfig } from './config.ts';
import { callerOf } from '../http/access.ts';
import type { Caller } from './scope.ts';
import type { FieldDef, Row } from './types.ts';
import { checkForm } from './validate.ts';
import type { AppRegistry } from './registry.ts';

export type FormTabDef = { key: string; title: string; fields: FieldDef[] };
export type FormCtx = { db: Db; caller: Caller };

/** A dynamic form page: one form or tabbed forms, loaded and saved by the server. */
export type FormDef = {
  route: string;
  title: string;
  /** permission prefix: view to load, edit to save */
  name: string;
  tabs: FormTabDef[];
  load: (ctx: FormCtx, tab: string) => Promise<Row>;
  /** read-only info block shown above a tab's form */
  info?: (ctx: FormCtx, tab: string) => Promise<{ label: string; value: string }[]>;
  save: (ctx: FormCtx, tab: string, values: Row) => Promise<void>;
  other?: (ctx: FormCtx) => Promise<Row>;
};

/** POST {route} → the form definition; POST {base}/save → validated save (+ formType for tabs). */
export const registerForm = (app: FastifyInstance, db: Db, registry: AppRegistry, def: FormDef) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const saveUrl = `${baseOf(def.route)}/save`;
  const tabbed = def.tabs.length > 1;
  const tags = [def.title];
  // the fields are the tab's own (checked by checkForm against the tab's rules), so they stay open here
  const saveBody = z
    .object({
      formType: z
        .enum(def.tabs.map((t) => t.key) as [string, ...string[]], { error: 'formType 无效' })
        .optional()
        .describe(`标签页：${def.tabs.map((t) => `${t.key} ${t.title}`).join('、')}`),
    })
    .catchall(z.unknown())
    .describe(
      `${def.title}：formType + 该标签页表单字段（${def.tabs.map((t) => `${t.key}: ${t.fields.map((f) => f.prop).join(', ')}`).join('；')}）`,
    );

  api.post(
    def.route,
    {
      schema: {
        tags,
        summary: `${def.title}：表单定义`,
        body: z.object({}).describe('无参数').optional(),
        response: { 200: replySchema(dynamicFormSchema) },
      },
      config: { access: { perm: `${def.name}:view` }, writes: false },
    },
    async (req) => {
      const ctx = { db, caller: callerOf(req) };
      const tabs = await Promise.all(
        def.tabs.map(async (t) => ({
          key: t.key,
          title: t.title,
          formItems: t.fields.map(fieldConfig),
          initForm: await def.load(ctx, t.key),
          info: def.info ? await def.info(ctx, t.key) : undefined,
        })),
      );
      const first = tabs[0]!;
      const form: DynamicForm = {
        formTitle: def.title,
        saveUrl,
        initForm: first.initForm,
        formItems: first.formItems,
        formType: tabbed ? first.key : undefined,
        tabs: tabbed ? tabs : undefined,
        other: def.other ? await def.other(ctx) : undefined,
      };
      return ok(form);
    },
  );

  api.post(
    saveUrl,
    {
      schema: {
        tags,
        summary: `${def.title}：保存（分页表单带 formType）`,
        body: saveBody,
        response: { 200: replySchema(z.null()) },
      },
      config: { access: { perm: `${def.name}:edit` }, writes: true },
    },
    async (req) => {
      const body: Row = req.body;
      const tab = def.tabs.find((t) => t.key === (body.formType ?? def.tabs[0]!.key));
      if (!tab) throw invalid('formType 无效', 'formType');
      const { values, errors } = checkForm(tab, 'add', body, (code) => registry.platform('isRegionCode')(code));
      if (errors[0]) throw invalid(errors[0].message, errors[0].field);
      await def.save({ db, caller: callerOf(req) }, tab.key, values);
      return ok(null, '保存成功!');
    },
  );
};

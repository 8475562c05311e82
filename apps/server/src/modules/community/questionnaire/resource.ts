import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { QUESTIONNAIRE_BASE, QUESTIONNAIRE_STATES } from '@5a/contracts/endpoints/community';
import { qualified } from '../../../core/db/sql.ts';
import { customAction } from '../../../core/engine/custom-action.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { ResourceDef } from '../../../core/engine/types.ts';
import { invalid } from '../../../core/errors.ts';
import { villageField } from '../../tenancy/index.ts';
import { instantOf } from '../fields.ts';
import { questionnaireAnswers, questionnaires } from '../schema-questionnaire.ts';
import { deleteQuestionnaireParts, publishQuestionnaire } from './editor.ts';

export const QUESTIONNAIRE_ROUTE = `${QUESTIONNAIRE_BASE}/listConfig`;
const id = qualified(questionnaires.id);
const readOnly = { add: false, edit: false, import: false } as const;

/** 问卷调查: a village's questionnaires; 编辑问卷 builds the questions, 发布 opens it for the period, 查看问卷 the results. */
export const questionnaireResource: ResourceDef = defineResource({
  route: QUESTIONNAIRE_ROUTE,
  title: '问卷调查',
  name: 'Questionnaire',
  menu: { app: 'web', group: 'community', title: '问卷调查', order: 1, buttons: ['add', 'edit', 'remove', 'export'] },
  table: questionnaires,
  ownership: 'tenant',
  villageScoped: true,
  order: [{ column: 'id', dir: 'desc' }],
  toolbar: ['add', 'export'],
  rowActions: [
    { type: 'questionnaireEdit', title: '编辑问卷', api: `${QUESTIONNAIRE_BASE}/QuestionnaireGet` },
    { type: 'questionnaireView', title: '查看问卷', api: `${QUESTIONNAIRE_BASE}/results` },
    'edit',
    'delete',
  ],
  customButtons: [
    {
      emit: 'questionnairePublish',
      api: `${QUESTIONNAIRE_BASE}/questionnairePublish`,
      title: '发布',
      isconfirm: true,
      showRule: { key: 'state', val: 0 },
    },
  ],
  fields: [
    villageField(),
    { prop: 'title', label: '问卷标题', type: 'text', required: true, maxLength: 100, search: true, width: 200 },
    { prop: 'description', label: '问卷说明', type: 'textarea', maxLength: 2000, table: false },
    { prop: 'start_time', label: '开始时间', type: 'datetime', required: true, width: 160 },
    { prop: 'end_time', label: '结束时间', type: 'datetime', required: true, width: 160 },
    {
      prop: 'state',
      label: '状态',
      type: 'select',
      options: [...QUESTIONNAIRE_STATES],
      computed: sql`(case when ${qualified(questionnaires.status)} = 0 then 0 when ${qualified(questionnaires.endTime)} <= now() then 2 else 1 end)::int`,
      search: 'eq',
      width: 80,
      ...readOnly,
    },
    {
      prop: 'answer_count',
      label: '答卷数',
      type: 'number',
      computed: sql`(select count(distinct a.resident_id)::int from ${questionnaireAnswers} a where a.questionnaire_id = ${id} and a.tenant_id = ${qualified(questionnaires.tenantId)})`,
      width: 80,
      ...readOnly,
    },
  ],
  hooks: {
    beforeSave: (_ctx, values, existing) => {
      const start = instantOf(values.startTime) ?? instantOf(existing?.startTime);
      const end = instantOf(values.endTime) ?? instantOf(existing?.endTime);
      if (!start || !end || !(end > start)) throw invalid('结束时间 须晚于开始时间', 'end_time');
      const out = { ...values };
      if (values.startTime !== undefined) out.startTime = start;
      if (values.endTime !== undefined) out.endTime = end;
      return out;
    },
    // its questions, options and answers go with it
    beforeDelete: async ({ db }, existing) =>
      deleteQuestionnaireParts(db, Number(existing.id), Number(existing.tenantId)),
    custom: {
      questionnairePublish: customAction(
        'edit',
        z.object({ id: idOf('问卷') }),
        z.object({ id: z.number() }),
        async ({ db, caller }, data) => publishQuestionnaire(db, caller, data.id),
      ),
    },
  },
});

import type { FastifyInstance } from 'fastify';
import { questionnaireApi } from '@5a/contracts/endpoints/community';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import { addQuestion, deleteQuestion, editQuestion, questionnaireDetail, sortQuestions } from './editor.ts';
import { detailReply, idBody, idReply, questionOf, resultsReply, saveBody, sortBody } from './replies.ts';
import { questionnaireResults } from './results.ts';

const tags = ['问卷调查'];

/** 问卷调查: the editor's calls (questions, their options and order) and the results view. */
export const registerQuestionnaireRoutes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  serve(
    app,
    questionnaireApi.get,
    {
      tags,
      summary: '问卷的题目 {id} → questions（id, title, type 1 单选 / 2 多选 / 3 问答, Answer: text, seqs）',
      body: idBody,
      reply: detailReply,
      access: { perm: 'Questionnaire:view' },
      writes: false,
    },
    async (body, req) => questionnaireDetail(db, callerOf(req), body.id),
  );
  serve(
    app,
    questionnaireApi.save,
    {
      tags,
      summary: '保存题目：{row, isDel: 1} 删除，{row, isEdit: 1} 修改，{id, row, wdContent} 新增',
      body: saveBody,
      reply: idReply,
      access: { perm: 'Questionnaire:edit' },
      writes: true,
    },
    async (body, req) => {
      const caller = callerOf(req);
      return db.transaction(async (tx) => {
        if ('isDel' in body) return withMsg(await deleteQuestion(tx, caller, body.row.id ?? 0), '删除成功!');
        if ('isEdit' in body) {
          const question = questionOf(body.row, body.row.Answer ?? []);
          return withMsg(await editQuestion(tx, caller, body.row.id ?? 0, question), '保存成功!');
        }
        const question = questionOf(
          body.row,
          body.wdContent.map((o) => ({ text: o.value, seqs: o.sort })),
        );
        return withMsg(await addQuestion(tx, caller, body.id, question), '保存成功!');
      });
    },
  );
  serve(
    app,
    questionnaireApi.sort,
    {
      tags,
      summary: '题目排序 {id, qtList: 题目id按新顺序}',
      body: sortBody,
      reply: idReply,
      access: { perm: 'Questionnaire:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await sortQuestions(db, callerOf(req), body.id, body.qtList), '保存成功!'),
  );
  serve(
    app,
    questionnaireApi.results,
    {
      tags,
      summary: '查看问卷 {id} → 各题选项人数与占比、问答内容、答卷人',
      body: idBody,
      reply: resultsReply,
      access: { perm: 'Questionnaire:view' },
      writes: false,
    },
    async (body, req) => questionnaireResults(db, callerOf(req), body.id),
  );
};

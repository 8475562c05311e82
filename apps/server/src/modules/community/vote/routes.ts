import type { FastifyInstance } from 'fastify';
import { voteApi } from '@5a/contracts/endpoints/community';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import type { ModuleDeps } from '../../types.ts';
import {
  auditBody,
  auditReply,
  detailBody,
  idBody,
  viewReply,
  votersBody,
  votersOptionsReply,
  votersReply,
  writtenBody,
  writtenReply,
} from './replies.ts';
import { auditVote } from './review.ts';
import { voteView, voteVoters } from './view.ts';
import { recordWrittenBallot, votersToRecord } from './written.ts';

const tags = ['社区投票'];

/** 社区投票: the review (approval publishes), the results view, each option's voters and written ballots. */
export const registerVoteRoutes = (app: FastifyInstance, { db }: ModuleDeps): void => {
  serve(
    app,
    voteApi.audit,
    {
      tags,
      summary: '审核投票 {id, type: 0 通过（发布） / 2 驳回, auditmsg 审核备注}',
      body: auditBody,
      reply: auditReply,
      access: { perm: 'Vote:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await auditVote(db, callerOf(req), body), '审核成功'),
  );
  serve(
    app,
    voteApi.cview,
    {
      tags,
      summary: '投票结果 {id} → title, desc, img, persons, votOptions（业主大会表决另有 tally）',
      body: idBody,
      reply: viewReply,
      access: { perm: 'Vote:view' },
      writes: false,
    },
    async (body, req) => voteView(db, callerOf(req), body.id),
  );
  serve(
    app,
    voteApi.cviewdetail,
    {
      tags,
      summary: '投票明细 {rowId: 投票, id: 选项（0 为全部）} → name, tel, address, vote, vote_time',
      body: detailBody,
      reply: votersReply,
      access: { perm: 'Vote:view' },
      writes: false,
    },
    async (body, req) => voteVoters(db, callerOf(req), body.rowId, body.id),
  );
  serve(
    app,
    voteApi.voters,
    {
      tags,
      summary: '可录入书面表决的投票人 {id, name} → list（前20个）, developer_units 建设单位的房屋数',
      body: votersBody,
      reply: votersOptionsReply,
      access: { perm: 'Vote:edit' },
      writes: false,
    },
    async (body, req) => votersToRecord(db, callerOf(req), body.id, body.name),
  );
  serve(
    app,
    voteApi.written,
    {
      tags,
      summary: "录入书面表决 {id, voter: 住户id 或 'dev'（建设单位）, optionId, remark}：截止前可录入与更改",
      body: writtenBody,
      reply: writtenReply,
      access: { perm: 'Vote:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await recordWrittenBallot(db, callerOf(req), body), '书面表决已录入'),
  );
};

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { residentApi } from '@5a/contracts/endpoints/resident';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import {
  answerQuestionnaire,
  castVote,
  commentPost,
  createPost,
  entrustVote,
  likePost,
  listPosts,
} from '../../community/index.ts';
import type { ModuleDeps } from '../../types.ts';
import { requireAction, requireFullSession, sessionOf } from '../login/sessions.ts';
import { residentFileUrl } from './files.ts';
import { homeFor } from './home.ts';
import { questionnaireOf, questionnairesOf, residentNamed, votesOf } from './queries.ts';

const tags = ['住户手机端（免员工登录）'];
const resident = { access: 'public' as const };
const asHome = { person_id: idOf('住户') };
const int = () => z.number().int();
const choice = z.object({ id: int(), text: z.string() });
const questionnaireReply = z.object({
  id: int(),
  title: z.string(),
  village_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  answered: z.boolean(),
});
const postReply = z.object({
  id: int(),
  name: z.string(),
  avatar: z.string(),
  content: z.string(),
  img: z.array(z.string()),
  type: int(),
  auditmsg: z.string(),
  create_time: z.string(),
  loves: int(),
  comments: int(),
  liked: z.boolean(),
  mine: z.boolean(),
});

/**
 * 问卷调查, 社区投票 and 邻里圈 on the phone page: each call acts as one of the session's homes (person_id), in a
 * village that has the module on; a one-time link's session reaches only its own questionnaire or vote.
 */
export const registerResidentCommunityRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps) => {
  serve(
    app,
    residentApi.questionnaires,
    {
      tags,
      summary: '问卷列表：所在小区已发布的问卷及是否已填写',
      body: z.strictObject(asHome),
      reply: z.array(questionnaireReply),
      ...resident,
    },
    async ({ person_id }, req) => {
      const s = await sessionOf(db, req);
      requireAction(s, 'questionnaire');
      const list = await questionnairesOf(db, s.tenantId, await homeFor(db, s, person_id, 'questionnaire'));
      return s.action === null ? list : list.filter((q) => q.id === s.targetId);
    },
  );
  serve(
    app,
    residentApi.questionnaire,
    {
      tags,
      summary: '问卷详情：题目（1 单选 / 2 多选 / 3 问答）及选项',
      body: z.strictObject({ ...asHome, id: idOf('问卷') }),
      reply: questionnaireReply.extend({
        questions: z.array(
          z.object({
            id: int(),
            title: z.string(),
            type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
            options: z.array(choice),
          }),
        ),
      }),
      ...resident,
    },
    async ({ person_id, id }, req) => {
      const s = await sessionOf(db, req);
      requireAction(s, 'questionnaire', id);
      return questionnaireOf(db, s.tenantId, await homeFor(db, s, person_id, 'questionnaire'), id);
    },
  );
  serve(
    app,
    residentApi.answer,
    {
      tags,
      summary: '提交问卷：每题一个答案，每人一次；单选一项、多选至少一项、问答1–500字',
      body: z.strictObject({
        ...asHome,
        id: idOf('问卷'),
        answers: z
          .array(
            z.strictObject({
              question_id: idOf('题目'),
              option_ids: z.array(idOf('选项')).max(50, '选项 过多').optional(),
              text: z.string({ error: '回答 格式错误' }).max(500, '回答 不能超过500个字符').optional(),
            }),
            { error: '请填写问卷' },
          )
          .max(200, '答案 过多'),
      }),
      reply: z.object({ answered: int() }),
      ...resident,
    },
    async ({ person_id, id, answers }, req) => {
      const s = await sessionOf(db, req);
      requireAction(s, 'questionnaire', id);
      await homeFor(db, s, person_id, 'questionnaire');
      const done = await answerQuestionnaire(db, {
        tenantId: s.tenantId,
        residentId: person_id,
        questionnaireId: id,
        answers: answers.map((a) => ({ questionId: a.question_id, optionIds: a.option_ids, text: a.text })),
      });
      return withMsg(done, '提交成功');
    },
  );
  serve(
    app,
    residentApi.votes,
    {
      tags,
      summary: '投票列表：所在小区进行中的投票、选项、本户/本人当前的选择；业主大会表决附其专有部分及面积',
      body: z.strictObject(asHome),
      reply: z.array(
        z.object({
          id: int(),
          title: z.string(),
          description: z.string(),
          vote_type: int(),
          etime: z.string(),
          options: z.array(choice),
          my_option_id: int().nullable(),
          units: z.array(z.object({ address: z.string(), area: z.string() })),
          entrusted_to: z.string(),
          proxy_for: z.array(z.object({ person_id: int(), name: z.string(), option_id: int().nullable() })),
        }),
      ),
      ...resident,
    },
    async ({ person_id }, req) => {
      const s = await sessionOf(db, req);
      requireAction(s, 'vote');
      const list = await votesOf(db, s.tenantId, await homeFor(db, s, person_id, 'vote'));
      return s.action === null ? list : list.filter((v) => v.id === s.targetId);
    },
  );
  serve(
    app,
    residentApi.castVote,
    {
      tags,
      summary:
        '投票：截止前可修改，截止后不可再投；业主大会表决仅业主可投，同一业主多套房屋计一票；for_person_id 为委托他代投的业主',
      body: z.strictObject({
        ...asHome,
        id: idOf('投票'),
        option_id: idOf('投票选项'),
        for_person_id: idOf('委托人').optional(),
      }),
      reply: z.object({ option_id: int() }),
      ...resident,
    },
    async ({ person_id, id, option_id, for_person_id }, req) => {
      const s = await sessionOf(db, req);
      requireAction(s, 'vote', id);
      await homeFor(db, s, person_id, 'vote');
      await castVote(db, {
        tenantId: s.tenantId,
        residentId: person_id,
        voteId: id,
        optionId: option_id,
        proxyFor: for_person_id,
      });
      return withMsg({ option_id }, for_person_id === undefined ? '投票成功' : '已代为投票');
    },
  );
  serve(
    app,
    residentApi.entrust,
    {
      tags,
      summary: '委托投票：委托本小区的另一位住户（姓名与手机号须与登记一致）代为投票，再次委托即更换受托人',
      body: z.strictObject({
        ...asHome,
        id: idOf('投票'),
        proxy_name: z
          .string({ error: '请填写受托人姓名' })
          .trim()
          .min(1, '请填写受托人姓名')
          .max(32, '受托人姓名 过长'),
        proxy_phone: z
          .string({ error: '请填写受托人手机号' })
          .trim()
          .regex(/^1[3-9]\d{9}$/, '受托人手机号 格式错误'),
      }),
      reply: z.object({ proxy_name: z.string() }),
      ...resident,
    },
    async ({ person_id, id, proxy_name, proxy_phone }, req) => {
      const s = await sessionOf(db, req);
      requireAction(s, 'vote', id);
      const home = await homeFor(db, s, person_id, 'vote');
      const proxyId = await residentNamed(db, s.tenantId, home.village_id, proxy_name, proxy_phone);
      await entrustVote(db, { tenantId: s.tenantId, residentId: person_id, voteId: id, proxyId });
      return withMsg({ proxy_name }, '委托成功');
    },
  );
  serve(
    app,
    residentApi.posts,
    {
      tags,
      summary: '邻里圈：本小区已通过审核的动态和本人的动态，新的在前，每次20条（after 为上一页最后一条）',
      body: z.strictObject({ ...asHome, after: idOf('after').optional() }),
      reply: z.array(postReply),
      ...resident,
    },
    async ({ person_id, after }, req) => {
      const s = await sessionOf(db, req);
      requireFullSession(s);
      await homeFor(db, s, person_id, 'neighbour');
      const posts = await listPosts(db, { tenantId: s.tenantId, personId: person_id }, { after });
      // stored pictures become addresses his browser may load
      return posts.map((p) => ({
        ...p,
        avatar: residentFileUrl(registry, p.avatar),
        img: p.img.map((i) => residentFileUrl(registry, i)),
      }));
    },
  );
  serve(
    app,
    residentApi.createPost,
    {
      tags,
      summary: '发布动态：含敏感词的动态待审核后显示',
      body: z.strictObject({
        ...asHome,
        content: z.string({ error: '请填写动态内容' }),
        imgs: z.array(z.string()).max(9, '最多上传9张图片').optional(),
      }),
      reply: z.object({ id: int(), type: int(), held_words: z.string() }),
      ...resident,
    },
    async ({ person_id, content, imgs }, req) => {
      const s = await sessionOf(db, req);
      requireFullSession(s);
      await homeFor(db, s, person_id, 'neighbour');
      const post = await createPost(db, { tenantId: s.tenantId, personId: person_id }, { content, imgs });
      return withMsg(post, post.type === 1 ? '已提交，待审核' : '发布成功');
    },
  );
  serve(
    app,
    residentApi.likePost,
    {
      tags,
      summary: '点赞 / 取消点赞',
      body: z.strictObject({ ...asHome, post_id: idOf('动态'), like: z.boolean().optional() }),
      reply: z.object({ post_id: int(), liked: z.boolean() }),
      ...resident,
    },
    async ({ person_id, post_id, like }, req) => {
      const s = await sessionOf(db, req);
      requireFullSession(s);
      await homeFor(db, s, person_id, 'neighbour');
      await likePost(db, { tenantId: s.tenantId, personId: person_id }, { post_id, like: like ?? true });
      return { post_id, liked: like ?? true };
    },
  );
  serve(
    app,
    residentApi.commentPost,
    {
      tags,
      summary: '评论动态：含敏感词的评论不予发布',
      body: z.strictObject({ ...asHome, post_id: idOf('动态'), content: z.string({ error: '请填写评论内容' }) }),
      reply: z.object({ id: int() }),
      ...resident,
    },
    async ({ person_id, post_id, content }, req) => {
      const s = await sessionOf(db, req);
      requireFullSession(s);
      await homeFor(db, s, person_id, 'neighbour');
      const c = await commentPost(db, { tenantId: s.tenantId, personId: person_id }, { post_id, content });
      return withMsg({ id: c.id }, '评论成功');
    },
  );
};

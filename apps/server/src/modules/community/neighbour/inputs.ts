import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { NeighbourMsg } from '@5a/contracts/endpoints/community-neighbour';

/** at most this many pictures under one post */
export const MAX_POST_IMAGES = 9;

/** who is acting on the resident page: a resident of the company (gate_persons.id) */
export const residentInput = z.object({
  tenantId: z.number().int().positive(),
  personId: idOf('住户'),
});
export type ResidentRef = z.input<typeof residentInput>;

export const postInput = z.object({
  content: z
    .string({ error: '请填写动态内容' })
    .trim()
    .min(1, '请填写动态内容')
    .max(1000, '动态内容 不能超过1000个字符'),
  imgs: z
    .array(z.string({ error: '图片 格式错误' }).trim().min(1, '图片 格式错误').max(255, '图片 格式错误'), {
      error: '图片 格式错误',
    })
    .max(MAX_POST_IMAGES, `图片 最多${MAX_POST_IMAGES}张`)
    .default([]),
  category_id: idOf('分类').optional(),
});
export type PostInput = z.input<typeof postInput>;

export const commentInput = z.object({
  post_id: idOf('动态'),
  content: z.string({ error: '请填写评论内容' }).trim().min(1, '请填写评论内容').max(500, '评论内容 不能超过500个字符'),
});
export type CommentInput = z.input<typeof commentInput>;

export const likeInput = z.object({ post_id: idOf('动态'), like: z.boolean({ error: '点赞 格式错误' }).default(true) });
export type LikeInput = z.input<typeof likeInput>;

export const listInput = z.object({
  /** the last post id of the page before (older posts follow) */
  after: idOf('after').optional(),
  size: z.coerce
    .number({ error: 'size 格式错误' })
    .int('size 格式错误')
    .min(1, 'size 格式错误')
    .max(50, 'size 最大为50')
    .default(20),
});
export type ListInput = z.input<typeof listInput>;

export const auditBody = z.object({
  id: idOf('id'),
  type: z.coerce
    .number({ error: NeighbourMsg.auditType })
    .int(NeighbourMsg.auditType)
    .refine((n) => n === 0 || n === 2, NeighbourMsg.auditType),
  auditmsg: z.string({ error: '驳回原因 格式错误' }).trim().max(200, '驳回原因 不能超过200个字符').optional(),
});
export const idBody = z.object({ id: idOf('id') });

import { z } from 'zod';
import { idListOf, idOf, intOf } from '@5a/contracts';
import type { VideoTreeNode } from '@5a/contracts/endpoints/video';
import { MAX_SHARE_DAYS } from './service.ts';

/** The video module's bodies and replies, as the routes parse and the serializer checks them. */
const int = () => z.number().int();

const treeNode: z.ZodType<VideoTreeNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    label: z.string(),
    id: int().optional().describe('摄像头 id（叶子）'),
    children: z.array(treeNode).optional(),
  }),
);

export const videoListReply = z.object({
  data: z.array(
    z.object({
      id: int(),
      name: z.string(),
      number: z.string().describe('编号'),
      create_time: z.string(),
      url: z.string().describe('HLS 播放地址'),
      village_name: z.string(),
      area: z.string(),
      location: z.string(),
    }),
  ),
  tree: z.array(treeNode).describe('小区 → 区域 → 摄像头'),
});

const keyword = z.string().trim().max(50, '关键字 不能超过50个字符').optional();
export const monitorBody = z.object({ keyword });
export const publicListBody = z.object({
  param: z.string({ error: '分享链接 格式错误' }).trim().min(1, '分享链接 不能为空').max(128, '分享链接 格式错误'),
  keyword,
});

export const shareCreateBody = z.object({
  title: z
    .string({ error: '分享名称 不能为空' })
    .trim()
    .min(1, '分享名称 不能为空')
    .max(50, '分享名称 不能超过50个字符'),
  village_ids: idListOf('所属小区', { max: 200, empty: '请选择所属小区' }),
  days: intOf('有效天数', 1, MAX_SHARE_DAYS),
});
export const shareCreateReply = z.object({
  id: int(),
  token: z.string(),
  path: z.string().describe('/openmonitor?param=<token>，仅此一次返回'),
  expire_time: z.string(),
});
export const shareListReply = z.array(
  z.object({
    id: int(),
    title: z.string(),
    village_names: z.string(),
    expire_time: z.string(),
    create_time: z.string(),
    state: int().describe('1 有效 / 2 已过期 / 3 已撤销'),
    state_text: z.string(),
  }),
);
export const revokeBody = z.object({ id: idOf('id') });
export const revokeReply = z.object({ id: int() });

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { videoApi } from '@5a/contracts/endpoints/video';
import { callerOf } from '../../core/http/access.ts';
import { serve, withMsg } from '../../core/http/endpoint.ts';
import type { ModuleDeps } from '../types.ts';
import { DEMO_FILE, demoStreamDir } from './demo-stream.ts';
import {
  monitorBody,
  publicListBody,
  revokeBody,
  revokeReply,
  shareCreateBody,
  shareCreateReply,
  shareListReply,
  videoListReply,
} from './replies.ts';
import { callerWall, createShare, listShares, revokeShare, sharedWall } from './service.ts';

const tags = ['视频监控'];
/** the shared wall's calls per client address and minute: opening, searching and refreshing take a few */
export const OPEN_MONITOR_PER_MINUTE = 30;

const mimeOf = (file: string) => (file.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');

/** 视频监控: the wall's lists (logged in and shared), the share links, and the demo's test stream. */
export const registerVideoRoutes = (app: FastifyInstance, { db, config }: ModuleDeps): void => {
  serve(
    app,
    videoApi.monitor,
    {
      tags,
      summary: '监控大屏 {keyword?} → {data: 摄像头, tree: 小区/区域/摄像头}',
      body: monitorBody,
      reply: videoListReply,
      access: { perm: 'MonitorScreen:view' },
      writes: false,
    },
    async (body, req) => callerWall(db, callerOf(req), body.keyword),
  );
  serve(
    app,
    videoApi.publicList,
    {
      tags: ['视频监控（免登录）'],
      summary: '分享的监控大屏 {param: 分享令牌, keyword?} → {data, tree}；无效、过期或撤销的链接被拒绝',
      body: publicListBody,
      reply: videoListReply,
      access: 'public',
      rateLimit: {
        max: OPEN_MONITOR_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (req: { ip: string }) => `openMonitor:${req.ip}`,
      },
    },
    async (body) => sharedWall(db, body.param, body.keyword),
  );
  serve(
    app,
    videoApi.shareCreate,
    {
      tags,
      summary: '分享监控 {title, village_ids, days} → 免登录链接（令牌仅此一次返回）',
      body: shareCreateBody,
      reply: shareCreateReply,
      access: { perm: 'VideoList:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await createShare(db, callerOf(req), body), '分享链接已生成'),
  );
  serve(
    app,
    videoApi.shares,
    {
      tags,
      summary: '监控分享链接列表（有效、已过期、已撤销）',
      body: z.object({}),
      reply: shareListReply,
      access: { perm: 'VideoList:view' },
      writes: false,
    },
    async (_body, req) => listShares(db, callerOf(req)),
  );
  serve(
    app,
    videoApi.revoke,
    {
      tags,
      summary: '撤销监控分享链接 {id}：链接立即失效',
      body: revokeBody,
      reply: revokeReply,
      access: { perm: 'VideoList:edit' },
      writes: true,
    },
    async (body, req) => withMsg(await revokeShare(db, callerOf(req), body.id), '已撤销'),
  );

  // the demo stream: a file server over one folder of generated files, public like the shared wall that plays it
  const dir = demoStreamDir(config.dataDir);
  app.get(
    '/Video/demo/:file',
    {
      schema: { tags, summary: '演示视频流（HLS 播放列表与分片）', params: z.object({ file: z.string() }) },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const { file } = req.params as { file: string };
      const path = join(dir, file);
      const found = DEMO_FILE.test(file) ? await stat(path).catch(() => null) : null;
      if (!found?.isFile()) return reply.status(404).send({ code: 404, msg: '请求地址出错', data: null });
      reply
        .header('Content-Type', mimeOf(file))
        .header('Content-Length', found.size)
        .header('Cache-Control', 'public, max-age=3600');
      return reply.send(createReadStream(path));
    },
  );
};

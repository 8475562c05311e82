import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { idOf } from '@5a/contracts';
import { accessApi } from '@5a/contracts/endpoints/access';
import { resourceService } from '../../../core/engine/service.ts';
import { touchTable } from '../../../core/engine/list-totals.ts';
import { callerOf } from '../../../core/http/access.ts';
import { serve, withMsg } from '../../../core/http/endpoint.ts';
import { fail } from '../../../core/errors.ts';
import type { ModuleDeps } from '../../types.ts';
import { accessDevices } from '../schema.ts';
import { deviceSecretReply } from '../replies.ts';
import { accessDeviceResource } from './resource.ts';
import { issueSecret, takeIssuedSecret } from './secret.ts';

const tags = ['门禁管理'];
const SAVED = '设备已添加：签名密钥只显示这一次，请立即写入设备';

/** the form's values, checked by the screen's own field rules (the engine's add) */
const deviceForm = z
  .record(z.string(), z.unknown(), { error: '设备信息格式错误' })
  .describe('门禁设备表单：与门禁管理页面的新增表单相同的字段');

/**
 * 新增设备 and 重置密钥: the two calls that make a device's signing secret, each answering it once. The add goes
 * through the screen's engine (its field rules, village scope and save hook, which makes the secret).
 */
export const registerDeviceRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps) => {
  const devices = resourceService(db, accessDeviceResource, registry);
  serve(
    app,
    accessApi.addDevice,
    {
      tags,
      summary: '新增门禁设备：答复中的签名密钥只显示这一次（加密保存，之后任何接口都不再返回）',
      body: deviceForm,
      reply: deviceSecretReply,
      access: { perm: 'AccessControlManagement:add' },
      writes: true,
    },
    async (body, req) => {
      const caller = callerOf(req);
      const id = await devices.add(caller, body);
      const secret = takeIssuedSecret(caller);
      if (!secret) throw fail('设备密钥生成失败');
      return withMsg({ id, gateno: String(body.gateno ?? ''), secret }, SAVED);
    },
  );
  serve(
    app,
    accessApi.resetSecret,
    {
      tags,
      summary: '重置门禁设备的签名密钥：旧密钥立即失效，新密钥只显示这一次',
      body: z.object({ id: idOf('设备') }),
      reply: deviceSecretReply,
      access: { perm: 'AccessControlManagement:edit' },
      writes: true,
    },
    async ({ id }, req) => {
      const caller = callerOf(req);
      // the engine's detail: another company's or village's device is 数据不存在
      const device = await devices.detail(caller, id);
      const stored = issueSecret(registry, caller);
      await db
        .update(accessDevices)
        .set({ secret: stored, updatedAt: new Date() })
        .where(and(eq(accessDevices.id, id), eq(accessDevices.tenantId, caller.actor.tenantId!)));
      touchTable(accessDevices);
      return withMsg(
        { id, gateno: String(device.gateno), secret: takeIssuedSecret(caller)! },
        '密钥已重置：新密钥只显示这一次，请立即写入设备',
      );
    },
  );
};

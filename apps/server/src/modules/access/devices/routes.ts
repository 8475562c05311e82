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
import { recordCustomAudit } from '../../../core/engine/audit.ts';
import { issueSecret, takeIssuedSecret } from './secret.ts';

const tags = ['门禁管理'];
const SAVED = '设备已添加：签名密钥只显示这一次，请立即写入设备';

/** a form value as sent: the screen's own field rules check it (in Chinese, naming the field) in the engine's add */
const value = (label: string) => z.unknown().optional().describe(label);

/** the 新增设备 form: the fields of the screen's add form */
const deviceForm = z.object({
  village_id: value('所属小区 id'),
  building_id: value('楼栋 id（可空）'),
  unit_name: value('单元'),
  name: value('设备名称'),
  device_type: value('设备类型：1 门禁控制器 / 2 人脸识别终端'),
  gateno: value('设备编号（设备调用时的 X-Device-Code，公司内唯一）'),
  model: value('型号'),
  serial_no: value('序列号'),
  direction: value('方向：1 进 / 2 出'),
  path: value('安装位置'),
  worker: value('维护人'),
  workerphone: value('维护人电话'),
  jsonparam: value('设备参数（JSON）'),
  status: value('状态：1 启用 / 2 停用'),
});

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
      await db.transaction(async (tx) => {
        await tx
          .update(accessDevices)
          .set({ secret: stored, updatedAt: new Date() })
          .where(and(eq(accessDevices.id, id), eq(accessDevices.tenantId, caller.actor.tenantId!)));
        // the secret itself never reaches the trail: that it changed, by whom and from where does
        await recordCustomAudit(registry, tx, caller.actor, {
          screen: 'AccessControlManagement',
          screenTitle: '门禁管理',
          action: 'secret',
          recordId: id,
          after: { gateno: String(device.gateno), secret: stored },
        });
      });
      touchTable(accessDevices);
      return withMsg(
        { id, gateno: String(device.gateno), secret: takeIssuedSecret(caller)! },
        '密钥已重置：新密钥只显示这一次，请立即写入设备',
      );
    },
  );
};

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idOf, idSchema } from '@5a/contracts';
import { actorOf } from '../../core/http/access.ts';
import { ok } from '../../core/http/envelope.ts';
import type { ModuleDeps } from '../types.ts';
import { callerMenu } from './service.ts';
import { menuResources, roleAuthView, saveRoleAuth, saveUserAuth, userAuthView } from './assign.ts';

export const rbacRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/Common/Menu/Menu',
    {
      schema: {
        tags: ['菜单'],
        summary: '当前用户的菜单树与权限标识',
        body: z.object({}).describe('无参数').optional(),
      },
      config: { access: 'user', writes: false },
    },
    async (req) => ok(await callerMenu(db, actorOf(req))),
  );
};

const grantBody = z.object({
  id: idSchema,
  menu: z.array(idOf('menu'), { error: 'menu 格式错误' }).default([]),
  resource: z.array(z.string().regex(/^\d+_[a-z]+$/, 'resource 格式错误'), { error: 'resource 格式错误' }).default([]),
});
const idOnly = z.object({ id: idSchema });

/** Permission assignment screen: a role's menu tree, the chosen page's resources, save. */
export const assignRoutes = (app: FastifyInstance, { db }: ModuleDeps) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['权限分配'];
  const roleEdit = { access: { perm: 'SystemRole:edit' } } as const;
  const userEdit = { access: { perm: 'SystemUser:edit' } } as const;
  api.post(
    '/System/Role/roleMenu',
    { schema: { tags, summary: '角色的菜单树与已选权限', body: idOnly }, config: { ...roleEdit, writes: false } },
    async (req) => ok(await roleAuthView(db, actorOf(req), req.body.id)),
  );
  api.post(
    '/System/Role/sourcemenu',
    { schema: { tags, summary: '菜单的五项资源', body: idOnly }, config: { ...roleEdit, writes: false } },
    async (req) => ok(await menuResources(db, actorOf(req), req.body.id)),
  );
  api.post(
    '/System/Role/rolePermissionSave',
    { schema: { tags, summary: '保存角色权限', body: grantBody }, config: { ...roleEdit, writes: true } },
    async (req) => {
      await saveRoleAuth(db, actorOf(req), req.body.id, req.body.menu, req.body.resource);
      return ok(null, '保存成功!');
    },
  );
  api.post(
    '/System/User/authmenu',
    { schema: { tags, summary: '用户的菜单树与已选权限', body: idOnly }, config: { ...userEdit, writes: false } },
    async (req) => ok(await userAuthView(db, actorOf(req), req.body.id)),
  );
  api.post(
    '/System/User/sourcemenu',
    { schema: { tags, summary: '菜单的五项资源', body: idOnly }, config: { ...userEdit, writes: false } },
    async (req) => ok(await menuResources(db, actorOf(req), req.body.id)),
  );
  api.post(
    '/System/User/saveauthsource',
    { schema: { tags, summary: '保存用户权限', body: grantBody }, config: { ...userEdit, writes: true } },
    async (req) => {
      await saveUserAuth(db, actorOf(req), req.body.id, req.body.menu, req.body.resource);
      return ok(null, '保存成功!');
    },
  );
};

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idOf, idSchema, menuReplySchema } from '@5a/contracts';
import { authApi } from '@5a/contracts/endpoints/auth';
import { rbacApi } from '@5a/contracts/endpoints/rbac';
import { actorOf } from '../../core/http/access.ts';
import { serve, withMsg } from '../../core/http/endpoint.ts';
import type { ModuleDeps } from '../types.ts';
import { callerMenu } from './service.ts';
import { menuResources, roleAuthView, saveRoleAuth, saveUserAuth, userAuthView } from './assign.ts';
import { grantResourcesReply, grantsReply } from './replies.ts';

export const rbacRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps) => {
  serve(
    app,
    authApi.menu,
    {
      tags: ['菜单'],
      summary: '当前用户的菜单树与权限标识',
      body: z.object({}).describe('无参数').optional(),
      reply: menuReplySchema,
      access: 'user',
      writes: false,
    },
    (_body, req) => callerMenu(registry, db, actorOf(req)),
  );
};

const grantBody = z.object({
  id: idSchema,
  menu: z.array(idOf('menu'), { error: 'menu 格式错误' }).default([]),
  resource: z.array(z.string().regex(/^\d+_[a-z]+$/, 'resource 格式错误'), { error: 'resource 格式错误' }).default([]),
});
const idOnly = z.object({ id: idSchema });

/** Permission assignment screen: a role's menu tree, the chosen page's resources, save. */
export const assignRoutes = (app: FastifyInstance, { db, registry }: ModuleDeps) => {
  const tags = ['权限分配'];
  const roleEdit = { access: { perm: 'SystemRole:edit' } } as const;
  const userEdit = { access: { perm: 'SystemUser:edit' } } as const;
  const { role, user } = rbacApi;
  serve(
    app,
    role.grants,
    { tags, summary: '角色的菜单树与已选权限', body: idOnly, reply: grantsReply, ...roleEdit, writes: false },
    (body, req) => roleAuthView(registry, db, actorOf(req), body.id),
  );
  serve(
    app,
    role.resources,
    { tags, summary: '菜单的五项资源', body: idOnly, reply: grantResourcesReply, ...roleEdit, writes: false },
    (body, req) => menuResources(registry, db, actorOf(req), body.id),
  );
  serve(
    app,
    role.save,
    { tags, summary: '保存角色权限', body: grantBody, reply: z.null(), ...roleEdit, writes: true },
    async (body, req) => {
      await saveRoleAuth(registry, db, actorOf(req), body.id, body.menu, body.resource);
      return withMsg(null, '保存成功!');
    },
  );
  serve(
    app,
    user.grants,
    { tags, summary: '用户的菜单树与已选权限', body: idOnly, reply: grantsReply, ...userEdit, writes: false },
    (body, req) => userAuthView(registry, db, actorOf(req), body.id),
  );
  serve(
    app,
    user.resources,
    { tags, summary: '菜单的五项资源', body: idOnly, reply: grantResourcesReply, ...userEdit, writes: false },
    (body, req) => menuResources(registry, db, actorOf(req), body.id),
  );
  serve(
    app,
    user.save,
    { tags, summary: '保存用户权限', body: grantBody, reply: z.null(), ...userEdit, writes: true },
    async (body, req) => {
      await saveUserAuth(registry, db, actorOf(req), body.id, body.menu, body.resource);
      return withMsg(null, '保存成功!');
    },
  );
};

import { z } from 'zod';
import type { GrantNode } from '@5a/contracts/endpoints/rbac';

/** The permission dialog's replies, as the serializer checks them and /docs shows them. */
const grantNode: z.ZodType<GrantNode> = z.lazy(() =>
  z.object({ id: z.number().int(), label: z.string(), children: z.array(grantNode) }),
);

export const grantsReply = z.object({
  list: z.array(grantNode).describe('可分配的菜单树'),
  menuIdList: z.array(z.number().int()).describe('已选的末级菜单'),
  resourcelist: z.array(z.string()).describe('已选资源 <菜单id>_<动作>'),
  resourc: z.array(z.string()).describe('同 resourcelist'),
});

export const grantResourcesReply = z.array(z.object({ id: z.string(), name: z.string() }));

import { z } from 'zod';

/** A node of the caller's menu tree (Common/Menu/Menu). */
export type MenuNode = {
  id: number;
  /** route path, e.g. /Web/Basic/Building/listConfig */
  path: string;
  /** route name, also the prefix of button permission codes (Building:add) */
  name: string;
  title: string;
  icon: string;
  /** component key the web resolves through its page registry */
  component: string;
  cache: boolean;
  /** visible 2 → kept in routes, hidden in the side menu */
  hidden: boolean;
  /** is_open: open url externally */
  external: boolean;
  url: string;
  children: MenuNode[];
};

export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    path: z.string(),
    name: z.string(),
    title: z.string(),
    icon: z.string(),
    component: z.string(),
    cache: z.boolean(),
    hidden: z.boolean(),
    external: z.boolean(),
    url: z.string(),
    children: z.array(menuNodeSchema),
  }),
);

export const menuReplySchema = z.object({
  menus: z.array(menuNodeSchema),
  /** permission codes the caller holds: '<routeName>:<action>' */
  perms: z.array(z.string()),
});
export type MenuReply = z.infer<typeof menuReplySchema>;

/** Menu and record constants: 1 yes / 2 no, as every flag of the product */
export const MenuType = { menu: 1, button: 2 } as const;
export const Flag = { yes: 1, no: 2 } as const;
export const Status = { active: 1, disabled: 2 } as const;
export const DataScope = { all: 1, custom: 2 } as const;

/** Resource suffixes of the permission tree: a role's '<menuId>_<action>' grants. */
export const resourceActions = ['add', 'remove', 'edit', 'view', 'export'] as const;
export type ResourceAction = (typeof resourceActions)[number];

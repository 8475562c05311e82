import { baseOf } from './config.ts';
import type { ResourceDef } from './types.ts';

/**
 * Who may read a resource's options: its own view right, or a view/add/edit right of any
 * declared screen with a field that chooses from these options (a select's optionsUrl or a
 * table select's picked screen), or a code the resource names in `optionsReaders`. Names of rows are data too: residents' names are not for
 * everyone signed in. Computed when the route is registered, over the app's declared resources.
 */
export const optionsPerms = (def: ResourceDef, declared: readonly ResourceDef[]): string[] => {
  const url = `${baseOf(def.route)}/options`;
  const users = declared.filter((r) =>
    r.fields.some((f) => f.optionsUrl === url || (f.pick && `${baseOf(f.pick.route)}/options` === url)),
  );
  const codes = [
    `${def.name}:view`,
    ...users.flatMap((r) => (['view', 'add', 'edit'] as const).map((a) => `${r.name}:${a}`)),
    ...(def.optionsReaders ?? []),
  ];
  return [...new Set(codes)];
};

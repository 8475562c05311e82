import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Catalog } from './define.ts';
import { menuRows } from './tree.ts';

type Q = Pick<Db, 'execute'>;
export type SyncResult = { menus: MenuCounts; dictTypes: number; dictValues: number };
type MenuCounts = { adopted: number; written: number; hidden: number };

const count = (r: unknown) =>
  (r as { rowCount?: number | null; affectedRows?: number }).rowCount ??
  (r as { affectedRows?: number }).affectedRows ??
  0;

/**
 * Writes the declared menus and platform dictionaries into the database on every start, one statement per step.
 * Menus are matched by `menu_key`; rows of an older release that have no key yet are adopted by what
 * identified them then (a group's title, a page's route name, a button's permission code), so their ids, and
 * with them every role's grants, stay. Declared rows take the code's title, group, order, path, component
 * and buttons; keyed rows the code no longer declares are hidden (visible = 2), never deleted. Menus a user
 * made (no key) and roles are not touched: a new screen reaches super administrators (who see every menu)
 * and other roles only when someone grants it.
 * Dictionaries: a missing platform type or built-in value is added; what exists is left as an
 * administrator edited it, and tenants' own values are never read.
 */
export const syncScreens = async (db: Db, catalog: Catalog): Promise<SyncResult> =>
  db.transaction(async (tx) => {
    const menus = await syncMenus(tx, catalog);
    const dicts = await syncDicts(tx, catalog);
    return { menus, ...dicts };
  });

const syncMenus = async (tx: Q, catalog: Catalog): Promise<MenuCounts> => {
  const rows = menuRows(catalog).map((r) => ({ ...r, parentKey: r.parentKey ?? '' }));
  const json = JSON.stringify(rows);
  const d = sql`jsonb_to_recordset(${json}::jsonb) as d(key text, "parentKey" text, app text, "menuType" int, title text, icon text,
    sort int, path text, name text, component text, cache int, visible int, perms text)`;
  const adopted = await tx.execute(sql`
    with pick as (
      select distinct on (d.key) d.key, m.id from ${d}
      join menus m on m.menu_key is null and m.app_type = d.app and m.menu_type = d."menuType" and case
        when d."menuType" = 2 then m.perms = d.perms
        when d.path = '' then m.parent_id = 0 and m.route_path = '' and m.menu_name = d.title
        else m.route_name = d.name end
      where not exists (select 1 from menus k where k.menu_key = d.key)
      order by d.key, m.id
    )
    update menus set menu_key = pick.key from pick
    where menus.id = pick.id and not exists (select 1 from pick p2 where p2.id = pick.id and p2.key < pick.key)`);
  const written = await tx.execute(sql`
    insert into menus (menu_key, app_type, menu_type, menu_name, icon, sort, route_path, route_name, route_component, route_cache, visible, perms)
    select d.key, d.app, d."menuType", d.title, d.icon, d.sort, d.path, d.name, d.component, d.cache, d.visible, d.perms from ${d}
    on conflict (menu_key) do update set menu_name = excluded.menu_name, icon = excluded.icon, sort = excluded.sort,
      route_path = excluded.route_path, route_name = excluded.route_name, route_component = excluded.route_component,
      route_cache = excluded.route_cache, visible = excluded.visible, perms = excluded.perms, updated_at = now()
    where (menus.menu_name, menus.icon, menus.sort, menus.route_path, menus.route_name, menus.route_component, menus.route_cache, menus.visible, menus.perms)
      is distinct from (excluded.menu_name, excluded.icon, excluded.sort, excluded.route_path, excluded.route_name, excluded.route_component,
      excluded.route_cache, excluded.visible, excluded.perms)`);
  // parents by key, after every row exists: a moved page follows its new group
  await tx.execute(sql`
    update menus m set parent_id = coalesce(p.id, 0), updated_at = now()
    from ${d} left join menus p on p.menu_key = nullif(d."parentKey", '')
    where m.menu_key = d.key and m.parent_id is distinct from coalesce(p.id, 0)`);
  const hidden = await tx.execute(sql`
    update menus set visible = 2, updated_at = now()
    where menu_key is not null and visible <> 2 and menu_key not in (select d.key from ${d})`);
  return { adopted: count(adopted), written: count(written), hidden: count(hidden) };
};

const syncDicts = async (tx: Q, catalog: Catalog) => {
  const types = JSON.stringify(catalog.dicts.map((t) => ({ type: t.type, name: t.name })));
  const values = JSON.stringify(
    catalog.dicts.flatMap((t) => t.items.map(([label, value], i) => ({ type: t.type, label, value, n: i + 1 }))),
  );
  const t = await tx.execute(sql`
    insert into dicts (dict_name, dict_type)
    select d.name, d.type from jsonb_to_recordset(${types}::jsonb) as d(type text, name text)
    where not exists (select 1 from dicts x where x.dict_type = d.type and x.tenant_id is null and x.operator_id is null)`);
  const v = await tx.execute(sql`
    insert into dict_data (dict_type, dict_label, dict_value, dict_number)
    select d.type, d.label, d.value, d.n from jsonb_to_recordset(${values}::jsonb) as d(type text, label text, value text, n int)
    where not exists (select 1 from dict_data x where x.dict_type = d.type and x.dict_value = d.value and x.tenant_id is null and x.operator_id is null)`);
  return { dictTypes: count(t), dictValues: count(v) };
};

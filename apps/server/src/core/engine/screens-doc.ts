import { getTableName } from 'drizzle-orm';
import type { ScreenConfig } from '@5a/contracts';
import { baseOf, fieldConfig, permCodes, screenConfig, type Action } from './config.ts';
import type { PageDef } from '../screens/define.ts';
import { isSortable } from './columns.ts';
import type { FieldDef, MenuPlacement, ResourceDef } from './types.ts';

/**
 * docs/screens.md, written from the screen declarations themselves (`npm run docs:screens`), so the
 * list of screens, their fields, buttons and permission codes cannot drift from what the server serves.
 * Buttons and codes come from the engine's own `screenConfig`: a code is listed when granting it changes
 * what the screen offers. Pure and deterministic (sorted, no dates): a test compares it with the file.
 * A new part of a declaration gets its own section function, added to `sections`.
 */

const ACTIONS: readonly Action[] = ['view', 'add', 'edit', 'remove', 'export', 'import', 'drag'];

const placements = (menu: MenuPlacement | MenuPlacement[]) => (Array.isArray(menu) ? menu : [menu]);
const menuRow = (name: string, title: string, p: MenuPlacement) => [
  [p.app].flat().join(', '),
  p.group ?? '(top level)',
  p.order,
  (p.title ?? title) + (p.hidden ? ' (hidden)' : ''),
  (p.buttons ?? []).map((b) => `${b} (${code(`${name}:${b}`)})`).join(', '),
];

const cell = (v: unknown) =>
  String(v ?? '')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ');
const code = (v: string) => `\`${v}\``;
const row = (cells: unknown[]) => `| ${cells.map(cell).join(' | ')} |`;
const table = (head: string[], rows: unknown[][]) =>
  rows.length ? [row(head), row(head.map(() => '---')), ...rows.map(row), ''] : [];

/** the config a caller holding exactly these actions of the screen gets */
const configWith = (def: ResourceDef, actions: readonly Action[]): ScreenConfig =>
  screenConfig(def, new Set(actions.map((a) => `${def.name}:${a}`)));
const everything = (def: ResourceDef) => configWith(def, ACTIONS);

/** the action whose grant (besides view) makes `present` true; view when it needs nothing more */
const actionFor = (def: ResourceDef, present: (c: ScreenConfig) => boolean): Action | undefined =>
  present(configWith(def, ['view'])) ? 'view' : ACTIONS.find((a) => present(configWith(def, ['view', a])));

const codesOf = (def: ResourceDef, action: Action | undefined) =>
  action
    ? def.tabs?.length && (action === 'import' || action === 'drag')
      ? [permCodes(def, action)[0]!, `${def.name}:${action}:<tab>`]
      : permCodes(def, action)
    : [];
const codesText = (def: ResourceDef, action: Action | undefined) => codesOf(def, action).map(code).join(' or ') || '—';

/** Which permission codes change what the screen offers (view always: without it there is no list). */
export const screenPermCodes = (def: ResourceDef): string[] => {
  const base = JSON.stringify(configWith(def, ['view']));
  const used = ACTIONS.filter((a) => a === 'view' || JSON.stringify(configWith(def, ['view', a])) !== base);
  const custom: Action[] = Object.values(def.hooks?.custom ?? {}).flatMap((h) => (h ? [h.perm] : []));
  return ACTIONS.filter((a) => used.includes(a) || custom.includes(a)).flatMap((a) => codesOf(def, a));
};

const fieldFlags = (f: FieldDef) => {
  const c = fieldConfig(f);
  const shown = (['table', 'search', 'add', 'edit', 'batch', 'detail', 'export', 'import'] as const).filter(
    (k) => c[`in${k[0]!.toUpperCase()}${k.slice(1)}` as 'inTable'],
  );
  const extra = [
    f.required && 'required',
    f.computed && 'computed',
    f.virtual && 'virtual',
    c.readonly && !f.computed && 'readonly',
    f.editable && 'cell edit',
    isSortable(f) && 'sortable',
  ].filter((x): x is string => !!x);
  return [...shown, ...extra].join(' ');
};

const fieldLimits = (f: FieldDef) =>
  [
    f.dict && `dict ${f.dict}`,
    f.optionsUrl && `options ${f.optionsUrl}`,
    f.options && `options ${f.options.map((o) => `${o.value}=${o.label}`).join(', ')}`,
    f.treeUrl && `tree ${f.treeUrl}`,
    f.pick && `pick ${f.pick.route}`,
    f.maxLength !== undefined && `≤ ${f.maxLength} chars`,
    f.min !== undefined && `min ${f.min}`,
    f.max !== undefined && `max ${f.max}`,
    f.pattern && f.pattern.message,
    f.validator && `validator ${f.validator}`,
    f.jpgOnly && 'JPG only',
    f.maxSize !== undefined && `≤ ${f.maxSize} bytes`,
    f.multiple && 'multiple',
    f.camera && 'camera (500×400 PNG)',
  ]
    .filter((x): x is string => !!x)
    .join('; ');

type Section = (def: ResourceDef) => string[];

const summary: Section = (def) => [
  `- route ${code(def.route)} (config: POST; actions under ${code(baseOf(def.route) + '/…')}), name ${code(def.name)}, table ${code(getTableName(def.table))}, ownership ${def.ownership}${def.villageScoped ? ', village scoped' : ''}`,
  ...(def.tree ? [`- lazy tree by ${code(def.tree.parentColumn)}`] : []),
  ...(def.sort ? [`- drag sort by ${code(def.sort.column)}, showing ${code(def.sort.titleProp)}`] : []),
  ...(def.totals ? [`- totals: ${Object.keys(def.totals).join(', ')}`] : []),
  '',
];

const menu: Section = (def) => {
  if (def.menu === undefined) return [];
  if (def.menu === false) return ['Menu: none (shown inside another screen).', ''];
  return [
    'Menu:',
    '',
    ...table(
      ['app', 'group', 'order', 'title', 'buttons (codes)'],
      placements(def.menu).map((p) => menuRow(def.name, def.title, p)),
    ),
  ];
};

const fields: Section = (def) =>
  table(
    ['prop', 'label', 'type', 'shown in / flags', 'values and limits'],
    def.fields.map((f) => [code(f.prop), f.label, f.type, fieldFlags(f), fieldLimits(f)]),
  );

const tabs: Section = (def) =>
  def.tabs?.length ? [`Tabs: ${def.tabs.map((t) => `${t.title} (${code(t.key)})`).join(', ')}`, ''] : [];

/** engine-built buttons: their code is all they need; a domain button's own route checks its own code */
const BUILT_IN = new Set([
  'add',
  'drag',
  'export',
  'import',
  'batchDelete',
  'batchEdit',
  'edit',
  'delete',
  'detail',
  'childAdd',
]);
const sentWith = (def: ResourceDef, type: string, present: (c: ScreenConfig) => boolean) => {
  const action = actionFor(def, present);
  return (
    codesText(def, action) +
    (action === 'view' && !BUILT_IN.has(type) ? ' (a domain action: checked where it runs)' : '')
  );
};

const buttons: Section = (def) => {
  const c = everything(def);
  const rows = [
    ...c.toolbar.map((b) => [
      'toolbar',
      b.title,
      b.type,
      sentWith(def, b.type, (x) => x.toolbar.some((y) => y.type === b.type)),
    ]),
    ...c.rowActions.map((a) => [
      'row',
      a.title,
      a.type,
      sentWith(def, a.type, (x) => x.rowActions.some((y) => y.type === a.type)),
    ]),
    ...c.customButtons.map((b) => [
      'row (custom)',
      b.title + (b.showRule ? ` (when ${b.showRule.key} = ${b.showRule.val})` : ''),
      b.emit,
      sentWith(def, b.emit, (x) => x.customButtons.some((y) => y.emit === b.emit)),
    ]),
  ];
  return table(['where', 'button', 'type', 'shown with'], rows);
};

const footerTables: Section = (def) =>
  def.footerTables?.length
    ? [
        `Footer tables: ${def.footerTables.map((t) => `${t.title} (${code(t.route)}, ${t.remoteKey} = row.${t.parentKey})`).join(', ')}`,
        '',
      ]
    : [];

const perms: Section = (def) => [`Permission codes: ${screenPermCodes(def).map(code).join(', ')}`, ''];

/** The parts of one screen's entry, in order. */
export const sections: Section[] = [summary, menu, fields, tabs, buttons, footerTables, perms];

const screen = (def: ResourceDef) => [`## ${def.title} — ${def.route}`, '', ...sections.flatMap((s) => s(def))];

/** the pages only a super administrator holds: no grant gives them */
const superOnlyNote = (pages: readonly PageDef[]) => {
  const only = pages.filter((p) => p.superOnly);
  return only.length
    ? [
        `Held by the super administrator alone (\`superOnly\`: never offered nor accepted in the grants of a role, a user or a role template): ${only.map((p) => code(p.name)).join(', ')}.`,
        '',
      ]
    : [];
};

/** Menu pages that are not engine lists (workbench, dashboards, forms, special pages): where they sit and what they grant. */
const pagesPart = (pages: readonly PageDef[]) => {
  const sorted = [...pages].sort((a, b) => byText(a.path, b.path));
  return pages.length
    ? [
        '## Other pages',
        '',
        'Declared with `definePage` (`apps/server/src/seed/pages.ts` and the modules); the web renders each by its component key',
        '(`apps/web/src/app/pages/registry.ts`, 建设中 for an unknown key). Its menu grants `<name>:view`, its buttons the codes listed.',
        '',
        ...table(
          ['page', 'path', 'name', 'component', 'app', 'group', 'order', 'menu title', 'buttons (codes)'],
          sorted.flatMap((p) =>
            placements(p.menu).map((m) => [
              p.title,
              code(p.path),
              code(p.name),
              p.component,
              ...menuRow(p.name, p.title, m),
            ]),
          ),
        ),
        ...superOnlyNote(sorted),
      ]
    : [];
};

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const screensDoc = (defs: readonly ResourceDef[], pages: readonly PageDef[] = []): string => {
  // a route declared once per app sorts its declarations by name, then title
  const sorted = [...defs].sort(
    (a, b) => byText(a.route, b.route) || byText(a.name, b.name) || byText(a.title, b.title),
  );
  return [
    '# Screens',
    '',
    'Every list screen the server declares (`defineResource` in `apps/server/src/modules/*/resource*.ts`) and every other menu',
    'page, written by `npm run docs:screens` from the declarations; do not edit by hand (a test fails when this file is stale).',
    'Field flags say where a field appears (table, search, add, edit, batch, detail, export, import) and how it is written;',
    'the server sends a button to a caller holding the code in its row; codes are `<name>:<action>` (docs/conventions.md, API).',
    '',
    ...table(
      ['screen', 'route', 'name', 'fields'],
      sorted.map((d) => [d.title, code(d.route), code(d.name), d.fields.length]),
    ),
    ...sorted.flatMap(screen),
    ...pagesPart(pages),
  ]
    .join('\n')
    .replace(/\n+$/, '\n');
};

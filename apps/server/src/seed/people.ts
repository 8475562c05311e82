/**
 * Fake but valid people for the demo seed: a deterministic generator, Chinese names, ID cards with
 * the GB 11643 check digit and distinct mobile numbers.
 */

/** A small deterministic generator: the same demo data on every install. */
export const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** GB 11643 check digit of the first 17 digits. */
export const idCheckDigit = (body: string) =>
  '10X98765432'[ID_WEIGHTS.reduce((s, w, i) => s + w * Number(body[i]), 0) % 11]!;

export const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split(
    '',
  );
export const MALE = [
  '伟',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '杰',
  '涛',
  '明',
  '超',
  '刚',
  '平',
  '辉',
  '鹏',
  '华',
  '飞',
  '鑫',
  '波',
  '斌',
  '宇',
  '浩然',
  '子轩',
  '俊杰',
  '志强',
  '建华',
  '建国',
  '文博',
  '宇航',
  '晨阳',
  '嘉豪',
  '国庆',
  '海涛',
  '立新',
  '振华',
  '天佑',
  '一鸣',
];
export const FEMALE = [
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '艳',
  '娟',
  '霞',
  '婷',
  '雪',
  '慧',
  '琳',
  '秀英',
  '桂英',
  '秀兰',
  '玉兰',
  '欣怡',
  '梓涵',
  '诗琪',
  '雨桐',
  '佳怡',
  '思雨',
  '晓燕',
  '丽华',
  '美玲',
  '海燕',
  '若曦',
  '婉清',
  '梦瑶',
  '紫萱',
];
/** birthplaces: mostly local (西湖区 / 拱墅区), some from other provinces */
export const REGIONS = [
  '330106',
  '330106',
  '330106',
  '330105',
  '330102',
  '330108',
  '110105',
  '320102',
  '440106',
  '510104',
  '420106',
  '341102',
];
export const PHONE_PREFIX = [
  '130',
  '131',
  '132',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '155',
  '156',
  '157',
  '158',
  '159',
  '176',
  '177',
  '180',
  '181',
  '186',
  '187',
  '188',
  '189',
  '198',
  '199',
];

export type Person = { sex: 1 | 2; birthYear: number; surname?: string };

export const makePeople = (rnd: () => number) => {
  const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)]!;
  const seen = new Set<string>();
  let serial = 0;
  const idcard = (p: Person) => {
    const month = 1 + Math.floor(rnd() * 12);
    const day = 1 + Math.floor(rnd() * 28);
    // 3-digit order code: odd for men, even for women; serial keeps numbers distinct
    serial += 1;
    const order = ((serial * 2) % 998) + (p.sex === 1 ? 1 : 0);
    const body = `${pick(REGIONS)}${p.birthYear}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${String(order).padStart(3, '0')}`;
    return body + idCheckDigit(body);
  };
  const phone = () => {
    for (;;) {
      const p = `${pick(PHONE_PREFIX)}${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`;
      if (!seen.has(p)) {
        seen.add(p);
        return p;
      }
    }
  };
  const name = (p: Person) => `${p.surname ?? pick(SURNAMES)}${pick(p.sex === 1 ? MALE : FEMALE)}`;
  return { idcard, phone, name, pick };
};

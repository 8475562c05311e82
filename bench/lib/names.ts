/**
 * Word lists for the benchmark dataset, turned into SQL array literals: the generator picks from
 * them with a hash of the row's serial, so every value is made by the database (set-based).
 */
import {
  FEMALE,
  MALE,
  PHONE_PREFIX,
  REGIONS as DEMO_REGIONS,
  SURNAMES as DEMO_SURNAMES,
} from '../../apps/server/src/seed/people.ts';

/** the commonest surnames first and repeated, so 王/李/张/刘/陈 are about as common as in real lists */
export const SURNAMES = [
  ...'王王王王李李李李张张张张刘刘刘陈陈陈杨杨黄黄赵赵吴吴周周'.split(''),
  ...DEMO_SURNAMES,
  '欧',
  '阳',
];
export const MALE_NAMES = [...MALE, '思远', '泽宇', '昊天', '明轩'];
export const FEMALE_NAMES = [...FEMALE, '雅婷', '可馨'];
/** birthplaces (GB/T 2260 district codes): mostly Hangzhou, some from other provinces; 12 of them */
export const REGIONS = [...new Set(DEMO_REGIONS), '330110', '330109'];
/** valid mobile prefixes (1[3-9]x) */
export const PHONE_PREFIXES = [...PHONE_PREFIX, '133', '153'];
/** village names: prefix × suffix, unique within a tenant (the import finds villages by name); no 阳光/翠湖, the demo's */
export const VILLAGE_PREFIXES = [
  '金色',
  '绿城',
  '桂花',
  '春江',
  '西溪',
  '钱塘',
  '运河',
  '滨江',
  '湖畔',
  '锦绣',
  '和睦',
  '东方',
  '紫荆',
  '丹桂',
  '香樟',
  '青山',
  '明月',
  '云栖',
  '梧桐',
  '枫林',
  '碧水',
  '龙湖',
  '兰亭',
  '望江',
  '天城',
  '嘉禾',
  '文澜',
  '翡翠',
  '华府',
  '万象',
];
export const VILLAGE_SUFFIXES = [
  '花园',
  '名苑',
  '家园',
  '新村',
  '公寓',
  '雅苑',
  '嘉园',
  '府',
  '小区',
  '佳苑',
  '广场',
  '里',
];
export const CITY_WORDS = [
  '杭州',
  '宁波',
  '温州',
  '绍兴',
  '嘉兴',
  '湖州',
  '金华',
  '台州',
  '上海',
  '苏州',
  '南京',
  '合肥',
];
export const COMPANY_WORDS = [
  '安家',
  '宜居',
  '绿源',
  '恒信',
  '金管家',
  '万家',
  '鑫诚',
  '瑞祥',
  '康泰',
  '惠民',
  '德润',
  '和美',
  '众安',
  '新城',
  '同心',
  '祥和',
];
export const SECTIONS = ['秩序部', '客服部', '工程部', '保洁部', '绿化部'];
export const STREETS = [
  '文一路',
  '文二路',
  '文三路',
  '天目山路',
  '莫干山路',
  '古墩路',
  '紫金港路',
  '江南大道',
  '滨盛路',
  '建国北路',
  '解放路',
  '延安路',
];

/** '{…}'::text[] literal (the words contain no quotes, commas or braces) */
export const textArray = (words: readonly string[]) => `'{${words.join(',')}}'::text[]`;

/** a non-negative pseudo-random int from a bigint expression and a salt (PostgreSQL's own int8 hash) */
export const H = (expr: string, salt: number) => `(hashint8((${expr})::bigint * 7 + ${salt}) & 2147483647)`;
/** one word of the list, picked by the hash of expr */
export const pick = (arr: readonly string[], expr: string, salt: number) =>
  `(${textArray(arr)})[1 + ${H(expr, salt)} % ${arr.length}]`;

import { sql, type SQL } from 'drizzle-orm';

/**
 * What a worker does, for the centre's 管家 / 保安 / 后勤 counts. The system keeps no such field: a worker has a
 * department (free text, 员工管理's 部门), a role of the company (角色管理) and, when he has a login, that user's
 * post (岗位管理). Each is read for words that name the job; the post says most about the person, then the
 * department, then the role (roles are rights, often shared across jobs, e.g. 维修巡更员). The first that names a
 * job decides; a worker none names counts as 其他.
 *
 * - 管家 (steward): 管家, 客服, 前台, 服务中心
 * - 保安 (security): 保安, 秩序, 安保, 安防, 门岗, 护卫, 消控
 * - 后勤 (logistics): 后勤, 工程, 维修, 保洁, 绿化, 环境, 综合, 水电
 */
export const STAFF_WORDS = {
  steward: ['管家', '客服', '前台', '服务中心'],
  security: ['保安', '秩序', '安保', '安防', '门岗', '护卫', '消控'],
  logistics: ['后勤', '工程', '维修', '保洁', '绿化', '环境', '综合', '水电'],
} as const;
export type StaffKind = keyof typeof STAFF_WORDS | 'other';

const KINDS = Object.keys(STAFF_WORDS) as (keyof typeof STAFF_WORDS)[];

/** The kind one text names, or null (the words are constants, so they are rendered into the statement). */
const kindOf = (text: SQL): SQL =>
  sql`(case ${sql.join(
    KINDS.map((k) => sql`when ${text} ~ ${sql.raw(`'${STAFF_WORDS[k].join('|')}'`)} then ${sql.raw(`'${k}'`)}`),
    sql` `,
  )} end)`;

/** A worker's kind over `workers w`, his role `r`, his login's post `p` (left joins): post, department, role. */
export const staffKindSql = sql`coalesce(${kindOf(sql`coalesce(p.name, '')`)}, ${kindOf(sql`w.section_name`)},
  ${kindOf(sql`coalesce(r.name, '')`)}, 'other')`;

/** The same rule in code (the tests and whoever reads a single worker use it). */
export const staffKind = (post: string, section: string, role: string): StaffKind => {
  for (const text of [post, section, role])
    for (const k of KINDS) if (STAFF_WORDS[k].some((w) => text.includes(w))) return k;
  return 'other';
};

import type { CityAgeKey } from '@5a/contracts';
import { sql, type SQL } from 'drizzle-orm';

/** GB 11643: the weights of the first 17 digits and the check character of each remainder */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/**
 * The birth date an 18-character resident ID number carries, or null when it is not a valid one (wrong shape, no
 * such date, before 1900, or a wrong check character) — the rule of the forms' `isIdCard`. `col` is a column
 * reference the code writes (never input). Nested cases, since SQL may evaluate the parts of one `and` in any order
 * and `make_date` throws on a month 13.
 */
export const birthSql = (col: string): SQL => {
  const y = `substr(${col}, 7, 4)::int`;
  const m = `substr(${col}, 11, 2)::int`;
  const d = `substr(${col}, 13, 2)::int`;
  const sum = WEIGHTS.map((w, i) => `substr(${col}, ${i + 1}, 1)::int * ${w}`).join(' + ');
  return sql.raw(`(case when ${col} ~ '^[0-9]{17}[0-9Xx]$' then
    case when ${y} >= 1900 and ${m} between 1 and 12 and ${d} >= 1 then
      case when ${d} <= extract(day from (make_date(${y}, ${m}, 1) + interval '1 month - 1 day'))
        and substr('${CHECK}', ((${sum}) % 11) + 1, 1) = upper(substr(${col}, 18, 1))
      then make_date(${y}, ${m}, ${d}) end end end)`);
};

/**
 * The age group of a birth date (`birth`, a date or null) on `today` (a date): full years, 0~6, 7~17, 18~40,
 * 41~65, over 65; no valid date, or one after today, is 未知.
 */
export const ageGroupSql = (birth: SQL, today: SQL): SQL => sql`(case
  when ${birth} is null or ${birth} > ${today} then 'unknown'
  else case
    when extract(year from age(${today}, ${birth})) <= 6 then 'a0'
    when extract(year from age(${today}, ${birth})) <= 17 then 'a7'
    when extract(year from age(${today}, ${birth})) <= 40 then 'a18'
    when extract(year from age(${today}, ${birth})) <= 65 then 'a41'
    else 'a66' end
  end)`;

/** The same groups in code, for the tests: the group of a birth date (YYYY-MM-DD) on a day (YYYY-MM-DD). */
export const ageGroupOf = (birth: string | null, today: string): CityAgeKey => {
  if (!birth || birth > today) return 'unknown';
  const age = Number(today.slice(0, 4)) - Number(birth.slice(0, 4)) - (today.slice(5) < birth.slice(5) ? 1 : 0);
  return age <= 6 ? 'a0' : age <= 17 ? 'a7' : age <= 40 ? 'a18' : age <= 65 ? 'a41' : 'a66';
};

/**
 * Residents for the benchmark dataset as SQL: one person per serial number (valid ID card with the
 * GB 11643 check digit, sex, Chinese name, mobile), spread over houses in one statement.
 */
import { FEMALE_NAMES, MALE_NAMES, PHONE_PREFIXES, REGIONS, SURNAMES, H, pick, textArray } from './names.ts';

/** serial ranges: residents of tenant 1, of the others, and of files the benchmarks import */
export const SERIAL_T1 = 0;
export const SERIAL_OTHERS = 20_000_000;
export const SERIAL_IMPORT = 40_000_000;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** 999 order codes × 21,900 birth dates (1950-2009) × 12 regions: s → p is a bijection (104729 is coprime to it) */
const ID_SPACE = 999 * 21_900 * REGIONS.length;

/** SQL for one person from serial `s`: ID card (with check digit), sex from the order code, name, mobile */
export const personSql = (s: string, surnameKey: string) => {
  const p = `((${s})::bigint * 104729 + 7777) % ${ID_SPACE}`;
  const ord = `(${p} % 999 + 1)`;
  const body = `((${textArray(REGIONS)})[1 + (${p} / ${999 * 21_900})::int] || to_char(date '1950-01-01' + ((${p} / 999) % 21900)::int, 'YYYYMMDD') || lpad(${ord}::text, 3, '0'))`;
  return {
    body,
    checkDigit: (b: string) =>
      `substr('10X98765432', 1 + (${ID_WEIGHTS.map((w, i) => `substr(${b}, ${i + 1}, 1)::int * ${w}`).join(' + ')}) % 11, 1)`,
    sex: `(case when ${ord} % 2 = 1 then 1 else 2 end)`,
    name: (sex: string) =>
      `${pick(SURNAMES, surnameKey, 1)} || case when ${sex} = 1 then ${pick(MALE_NAMES, s, 2)} else ${pick(FEMALE_NAMES, s, 3)} end`,
    tel: `(${textArray(PHONE_PREFIXES)})[1 + ((${s})::bigint % ${PHONE_PREFIXES.length})::int] || lpad((((${s})::bigint * 48271) % 100000000)::text, 8, '0')`,
  };
};

export const PERSON_COLS =
  'tenant_id, village_id, building_id, house_id, name, personnel_type, card_type, idcard, sex, tel, relationship, status, household_identity, is_huzhu, is_livein, address, tags, created_at, updated_at';

/**
 * Residents spread over the houses `houseWhere` selects (alias h), in id order: house number k of
 * H gets the serials ceil(kR/H) … ceil((k+1)R/H)-1 (R residents in all); the first of a house is
 * its owner, the others family, or tenants when the house is rented. Selects every gate_persons
 * column plus the village, building, unit and room names (what an import file names a house by).
 */
export const personsSelectSql = (houseWhere: string, houses: number, residents: number, serial0: number) => {
  const P = personSql('k.s', 'case when k.slot = 1 then k.s else h.id end');
  return `
  select h.tenant_id, h.village_id, h.building_id, h.id as house_id, ${P.name('x.sex')} as name,
         case when k.slot = 0 then 1 when x.rented then 2 else 3 end as personnel_type, 1 as card_type, x.body || ${P.checkDigit('x.body')} as idcard, x.sex, ${P.tel} as tel,
         case when k.slot = 0 then 1 when x.rented then 6 when k.slot = 1 then 2 when k.slot = 2 then 3 else 4 end as relationship,
         case when ${H('k.s', 5)} % 100 < 88 then 1 when ${H('k.s', 5)} % 100 < 96 then 0 else 2 end as status,
         case when x.rented and k.slot > 0 and ${H('k.s', 6)} % 10 < 7 then 2 else 1 end as household_identity,
         case when k.slot = 0 then 1 else 2 end as is_huzhu, case when k.slot = 0 and x.rented then 2 else 1 end as is_livein,
         h.village_name || h.building_name || h.unit_name || h.name as address,
         case when ${H('k.s', 8)} % 100 = 0 then '2' when ${H('k.s', 8)} % 100 = 1 then '4' else '' end as tags, x.at as created_at, x.at as updated_at,
         h.village_name, h.building_name, h.unit_name, h.name as room_name
  from (select h.id, h.tenant_id, h.village_id, h.building_id, h.house_state, h.unit_name, h.name, v.name as village_name, b.name as building_name,
               row_number() over (order by h.id) - 1 as rn
        from houses h join buildings b on b.id = h.building_id join villages v on v.id = h.village_id
        where ${houseWhere}) h
  cross join lateral generate_series((h.rn * ${residents} + ${houses - 1}) / ${houses}, ((h.rn + 1) * ${residents} + ${houses - 1}) / ${houses} - 1) as n
  cross join lateral (select ${serial0} + n as s, n - (h.rn * ${residents} + ${houses - 1}) / ${houses} as slot) k
  cross join lateral (select ${P.body} as body, ${P.sex} as sex, h.house_state = 2 as rented,
                             now() - (${H('k.s', 9)} % (400 * 86400)) * interval '1 second' as at) x`;
};

export type ResidentGroup = { houseWhere: string; houses: number; residents: number; serial0: number };
/** residents of several groups in one statement, ids given in registration-time order (tenants interleave as in a live database) */
export const residentsSql = (...groups: ResidentGroup[]) =>
  `insert into gate_persons (${PERSON_COLS}) select ${PERSON_COLS} from (${groups
    .map((g) => personsSelectSql(g.houseWhere, g.houses, g.residents, g.serial0))
    .join(' union all ')}) p order by created_at`;

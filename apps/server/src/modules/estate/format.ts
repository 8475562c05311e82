/** Pure helpers of the estate module: masking, unit names, room names, the greeting. */

/** 110105199001011234 → 110105********1234: region and the last four stay readable. */
export const maskIdcard = (v: string) =>
  v.length > 10 ? `${v.slice(0, 6)}${'*'.repeat(v.length - 10)}${v.slice(-4)}` : v ? '*'.repeat(v.length) : v;

/** 13912345678 → 139****5678. */
export const maskPhone = (v: string) =>
  v.length >= 8 ? `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}` : v ? '*'.repeat(v.length) : v;

/** A value the server masked and the form echoed back: never a real ID card or phone. */
export const isMasked = (v: unknown) => typeof v === 'string' && v.includes('*');

/** The room name the house generator gives: floor 12, room 1 → '1201' (same rule as the SQL). */
export const roomName = (floor: number, room: number) => `${floor}${String(room).padStart(2, '0')}`;

/**
 * Unit names from the typed list ('1单元,2单元', Chinese commas too), or '1单元'…'n单元' when empty.
 * Returns an error text when the list does not match the unit count or repeats a name.
 */
export const unitNamesOf = (units: number, typed: string): { names: string[]; error?: string } => {
  const list = typed
    .split(/[,，、;；]/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (!list.length) return { names: Array.from({ length: units }, (_, i) => `${i + 1}单元`) };
  if (list.length !== units) return { names: list, error: `单元名称数量（${list.length}）与单元数（${units}）不一致` };
  if (new Set(list).size !== list.length) return { names: list, error: '单元名称不能重复' };
  if (list.some((n) => n.length > 20)) return { names: list, error: '单元名称不能超过20个字符' };
  return { names: list };
};

/** '上午好' … by the hour in Asia/Shanghai. */
export const greetingAt = (d: Date) => {
  const h = (d.getUTCHours() + 8) % 24;
  if (h < 6) return '凌晨好';
  if (h < 9) return '早上好';
  if (h < 12) return '上午好';
  if (h < 14) return '中午好';
  if (h < 18) return '下午好';
  return '晚上好';
};

/** Named validators shared by the form (web) and the server, so both refuse the same values. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** 18-character resident ID card with a valid date and checksum (GB 11643). */
export const isIdCard = (v: string) => {
  if (!/^\d{17}[\dXx]$/.test(v)) return false;
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(v[i]), 0);
  return ID_CHECK[sum % 11] === v[17]!.toUpperCase();
};
/** what an ID card number says of its holder: sex (sys_sex: 1 男, 2 女, by the order code's parity) and birth date */
export const idCardFacts = (v: string): { sex: '1' | '2'; birth: string } | null =>
  isIdCard(v)
    ? {
        sex: Number(v[16]) % 2 === 1 ? '1' : '2',
        birth: `${v.slice(6, 10)}-${v.slice(10, 12)}-${v.slice(12, 14)}`,
      }
    : null;
export const isMobile = (v: string) => /^1[3-9]\d{9}$/.test(v);
export const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

export const namedValidators = { mobile: isMobile, idcard: isIdCard, email: isEmail } as const;

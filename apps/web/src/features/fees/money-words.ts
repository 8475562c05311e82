const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** the integer yuan in capitals: zeros inside a run say 零 once, an all-zero group of four says nothing */
const integerWords = (n: number): string => {
  const s = String(n);
  let out = '';
  let zero = false;
  for (let i = 0; i < s.length; i++) {
    const pos = s.length - 1 - i;
    const d = Number(s[i]);
    if (d === 0) zero = true;
    else {
      if (zero && out) out += '零';
      zero = false;
      out += DIGITS[d]! + UNITS[pos % 4]!;
    }
    if (pos % 4 === 0 && pos > 0 && Math.floor(n / 10 ** pos) % 10000 !== 0) out += GROUPS[pos / 4]!;
  }
  return out;
};

/**
 * An amount in yuan as a receipt writes it in capitals (大写): 1234.56 → 壹仟贰佰叁拾肆元伍角陆分, 100 → 壹佰元整,
 * 1000.05 → 壹仟元零伍分, 0 → 零元整. Rounded to the fen first; a negative amount starts with 负.
 */
export const amountInWords = (yuan: number | string): string => {
  const v = Number(yuan);
  if (!Number.isFinite(v)) return '';
  // through a fixed decimal first: 1.005 × 100 is 100.4999… in binary
  const fen = Math.round(Number((Math.abs(v) * 100).toFixed(6)));
  if (fen > 999_999_999_999_99) return '';
  const int = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  const sign = v < 0 && fen > 0 ? '负' : '';
  if (fen === 0) return '零元整';
  let out = int ? `${integerWords(int)}元` : '';
  if (jiao) out += `${DIGITS[jiao]}角`;
  else if (cents && int) out += '零';
  if (cents) out += `${DIGITS[cents]}分`;
  else out += '整';
  return sign + out;
};

const CN = '零一二三四五六七八九';

/**
 * A collection's discount percent as the counter says it: 90 → 九折, 85 → 八五折, 100 → 不打折, 88.5 → 8.85折;
 * '' for what is not a discount (the form says why).
 */
export const discountText = (percent: number | null | undefined): string => {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent <= 0 || percent > 100) return '';
  if (percent === 100) return '不打折';
  if (Number.isInteger(percent) && percent >= 10)
    return `${CN[Math.floor(percent / 10)]}${percent % 10 ? CN[percent % 10] : ''}折`;
  return `${Number((percent / 10).toFixed(3))}折`;
};

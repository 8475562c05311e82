/**
 * The map's measuring readings (ol/sphere gives square metres and metres on the WGS84 sphere). Pure, so the
 * thresholds are tested without a map.
 */

/** from this many square metres an area reads in square kilometres (1 km²) */
export const KM2_FROM = 1_000_000;
/** from this many metres a length reads in kilometres */
export const KM_FROM = 1000;

const fixed = (n: number, digits: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** 1234.5 → '1,234.50 m²'; 2,500,000 → '2.50 km²'; nothing drawn or not a number → '0.00 m²'. */
export const formatArea = (m2: number): string => {
  const v = Number.isFinite(m2) && m2 > 0 ? m2 : 0;
  return v >= KM2_FROM ? `${fixed(v / KM2_FROM, 2)} km²` : `${fixed(v, 2)} m²`;
};

/** 856.3 → '856.30 m'; 1500 → '1.50 km'; nothing drawn or not a number → '0.00 m'. */
export const formatLength = (m: number): string => {
  const v = Number.isFinite(m) && m > 0 ? m : 0;
  return v >= KM_FROM ? `${fixed(v / KM_FROM, 2)} km` : `${fixed(v, 2)} m`;
};

export type MeasureKind = 'area' | 'length';

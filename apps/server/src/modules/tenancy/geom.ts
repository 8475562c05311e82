/** A village's hot area on the map: its check and default colours. */

export const DEFAULT_FILL = 'rgba(24,144,255,0.3)';
export const DEFAULT_BORDER = '#1890ff';
const point = /^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?$/;
const colour = /^(#[0-9a-fA-F]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/;

/**
 * A hot area (the map tool's value): 'lon,lat;lon,lat;…--centre--fill--border'. The polygon needs at
 * least three points; missing colours get the default semi-transparent blue.
 */
export const normalizeGeom = (v: string): { value: string; error?: string } => {
  if (!v.trim()) return { value: '' };
  const [ring = '', centre = '', fill = '', border = ''] = v.split('--').map((s) => s.trim());
  const points = ring
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  if (points.length < 3 || !points.every((p) => point.test(p)))
    return { value: v, error: '小区热区至少需要3个“经度,纬度”点' };
  if (centre && !point.test(centre)) return { value: v, error: '小区热区的中心点格式错误' };
  if ((fill && !colour.test(fill)) || (border && !colour.test(border)))
    return { value: v, error: '小区热区的颜色格式错误' };
  return { value: [points.join(';'), centre, fill || DEFAULT_FILL, border || DEFAULT_BORDER].join('--') };
};

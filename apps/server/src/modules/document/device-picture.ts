import { safeKey } from '../../core/storage/storage.ts';
import { tenantFilePrefix } from './service.ts';

/**
 * A device's snapshot (a barrier camera's, a face terminal's) is one of its company's uploads or an https address
 * under the prefixes a company setting (参数配置) names — such as `https://img.example.com/snap/`, separated by
 * spaces, commas or lines. Unset, only its own uploads are taken.
 */
export const pictureInvalid = (prefixesKey: string) =>
  `picture只能是本公司上传的图片，或参数配置 ${prefixesKey} 中允许的 https 地址`;

const urlOf = (s: string): URL | null => {
  try {
    return new URL(s);
  } catch {
    return null;
  }
};

/** a cheap first look, before the device is known: an upload key or an https address */
export const mayBePicture = (s: string): boolean => safeKey(s) || /^https:\/\/\S+$/.test(s);

/**
 * The snapshot address as recorded, or null when the company does not take it. Every browser showing the passage
 * loads it (and the web adds the user's file token to an address of ours), so it is one of the company's own upload
 * keys or under an https prefix the company allowed: same origin and path prefix, compared on the parsed address so
 * `https://img.example.com.evil.io/` or `https://img.example.com@evil.io/` is not taken for `https://img.example.com/`.
 */
export const allowedPicture = (picture: string, tenantId: number, prefixes: string | null): string | null => {
  if (safeKey(picture)) return picture.startsWith(`${tenantFilePrefix(tenantId)}/`) ? picture : null;
  if (!prefixes || !picture.startsWith('https://')) return null;
  const url = urlOf(picture);
  if (!url || url.username || url.password) return null;
  for (const p of prefixes.split(/[\s,，;；]+/)) {
    const allowed = p.startsWith('https://') ? urlOf(p) : null;
    if (allowed && url.origin === allowed.origin && url.pathname.startsWith(allowed.pathname)) return url.href;
  }
  return null;
};

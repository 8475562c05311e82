import type { Uploaded } from '@5a/contracts/endpoints/document';

/** Photo/upload rules. */
export const MAX_IMAGE_BYTES = 2097152;
export const SHRINK_BOX = { width: 400, height: 300 } as const;
export const SHRINK_QUALITY = 0.92;
export const JPG_ONLY_MSG = '上传头像图片只能是 JPG 格式!';
export const TOO_BIG_MSG = '上传头像图片大小不能超过 2MB!';
export const UPLOAD_FAILED = '上传失败';
export const UPLOAD_OK = '上传成功';

export const needsShrink = (size: number): boolean => size > MAX_IMAGE_BYTES;

type FileLike = { type: string; name: string; size: number };
type ImageField = { jpgOnly?: boolean; maxSize?: number };

export type ImagePlan = { ok: false; error: string } | { ok: true; shrink: boolean };

const isJpg = (f: FileLike) => f.type === 'image/jpeg' || /\.jpe?g$/i.test(f.name);

/**
 * What to do with a chosen image: the JPG-only uploader refuses other types and anything over
 * its cap (2 MB); other image uploads shrink images over 2097152 bytes before uploading.
 */
export const planImageUpload = (file: FileLike, field: ImageField): ImagePlan => {
  if (field.jpgOnly) {
    if (!isJpg(file)) return { ok: false, error: JPG_ONLY_MSG };
    if (file.size > (field.maxSize ?? MAX_IMAGE_BYTES)) return { ok: false, error: TOO_BIG_MSG };
    return { ok: true, shrink: false };
  }
  if (!file.type.startsWith('image/') && !/\.(jpe?g|png|gif|bmp|webp)$/i.test(file.name))
    return { ok: false, error: '只能上传图片文件' };
  return { ok: true, shrink: needsShrink(file.size) };
};

/** Target size of a shrunk image: fits 400×300, keeps the aspect ratio, never enlarges. */
export const shrinkSize = (width: number, height: number): { width: number; height: number } => {
  if (width <= 0 || height <= 0) return { ...SHRINK_BOX };
  const scale = Math.min(SHRINK_BOX.width / width, SHRINK_BOX.height / height, 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
};

/** Upload reply: code > 0 is an error with its msg, an empty reply '上传失败'. */
export type UploadReply = {
  code?: number;
  msg?: string;
  data?: Partial<Uploaded> | null;
};
export const uploadOutcome = (
  reply: UploadReply | null | undefined,
): { ok: true; path: string; url: string } | { ok: false; error: string } => {
  if (!reply || typeof reply !== 'object') return { ok: false, error: UPLOAD_FAILED };
  if ((reply.code ?? 0) > 0) return { ok: false, error: reply.msg || UPLOAD_FAILED };
  const path = reply.data?.path || reply.data?.url || '';
  if (!path) return { ok: false, error: UPLOAD_FAILED };
  return { ok: true, path, url: reply.data?.url || path };
};

/**
 * A failed upload call's text: the server's msg when it answered an envelope with code > 0; anything else (an
 * empty or unreadable reply, a network failure) is '上传失败'.
 */
export const uploadFailureText = (code: number | null, msg: string): string =>
  code !== null && code > 0 && msg ? msg : UPLOAD_FAILED;

/** Comma-joined upload values ⇄ lists. A data address keeps its own comma (after `data:<type>;base64`). */
export const splitPaths = (v: unknown): string[] => {
  if (Array.isArray(v)) return v.map(String).filter(Boolean);
  if (typeof v !== 'string' || !v) return [];
  const out: string[] = [];
  for (const piece of v.split(',').map((s) => s.trim())) {
    const last = out.at(-1);
    if (last !== undefined && /^data:[^,]*$/.test(last)) out[out.length - 1] = `${last},${piece}`;
    else out.push(piece);
  }
  return out.filter(Boolean);
};
export const joinPaths = (paths: readonly string[]): string => paths.filter(Boolean).join(',');

/**
 * Whether an address points at us: this page's origin, or below one of the trusted bases (the
 * document server, the API's file route). Only such addresses may carry the url token; a stored
 * path like `//other-host/x.jpg` would otherwise hand the token to that host.
 */
export const isOwnAddress = (url: string, trusted: readonly (string | null)[], origin: string): boolean => {
  const self = `${origin || 'http://self.invalid'}/`;
  try {
    const u = new URL(url, self);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
    if (u.origin === new URL(self).origin) return true;
    return trusted.some((b) => !!b && u.href.startsWith(new URL(b.replace(/\/*$/, '/'), self).href));
  } catch {
    return false;
  }
};

/**
 * Address of a stored file: absolute addresses as they are, otherwise the document
 * server (cookie; when empty, the API's own file route) + path, with the url token as a query
 * when the address is ours (`origin`: this page's, '' = relative addresses are ours).
 */
export const fileUrl = (
  path: string,
  documentServer: string | null,
  urlToken: string | null,
  fallbackBase = '',
  origin = '',
): string => {
  if (!path || /^(https?:|data:|blob:)/i.test(path)) return path;
  const base = (documentServer || (path.startsWith('/') ? '' : fallbackBase)).replace(/\/+$/, '');
  const full = base ? `${base}/${path.replace(/^\/+/, '')}` : path;
  if (!urlToken || !isOwnAddress(full, [documentServer, fallbackBase], origin)) return full;
  return `${full}${full.includes('?') ? '&' : '?'}token=${encodeURIComponent(urlToken)}`;
};

export const fileNameOf = (path: string): string => decodeURIComponent(path.split('?')[0]!.split('/').pop() || path);

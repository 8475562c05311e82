/**
 * Login password encryption shared by every client:
 * key = SHA-256(UTF-8 of user_name + "|" + timestamp + "|" + form_id),
 * AES-256-GCM, random 12-byte IV, payload = base64(iv ‖ ciphertext ‖ 16-byte tag).
 * Uses WebCrypto, present in browsers and Node ≥ 20.
 */
const enc = new TextEncoder();

const keyFor = async (userName: string, timestamp: number, formId: string, usage: KeyUsage) => {
  const raw = await crypto.subtle.digest('SHA-256', enc.encode(`${userName}|${timestamp}|${formId}`));
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, [usage]);
};

const toBase64 = (bytes: Uint8Array) => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

export const encryptPassword = async (userName: string, timestamp: number, formId: string, password: string) => {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await keyFor(userName, timestamp, formId, 'encrypt');
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, enc.encode(password)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64(out);
};

/** Returns null when the payload does not open with this key (wrong user name, timestamp or form id). */
export const decryptPassword = async (userName: string, timestamp: number, formId: string, payload: string) => {
  try {
    const bytes = fromBase64(payload);
    if (bytes.length < 12 + 16) return null;
    const key = await keyFor(userName, timestamp, formId, 'decrypt');
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
};

import { randomBytes } from 'node:crypto';
import type { Caller } from '../../../core/auth/actor.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { configSecretKey, decryptSecret, encryptSecret, isEncrypted } from '../../system/index.ts';

/**
 * A device's signing secret is made by the server (never typed), kept encrypted under the installation's config
 * secret key, and handed out once: the call that made it takes it from here, and nothing reads it back for a user.
 */
const issued = new WeakMap<Caller, string>();

/** a new secret for a device the caller is saving: the stored (encrypted) value; the plain one waits for the reply */
export const issueSecret = (registry: AppRegistry, caller: Caller): string => {
  const plain = randomBytes(32).toString('hex');
  issued.set(caller, plain);
  return encryptSecret(configSecretKey(registry), plain);
};

/** the plain secret issued during this caller's request, once */
export const takeIssuedSecret = (caller: Caller): string | undefined => {
  const plain = issued.get(caller);
  issued.delete(caller);
  return plain;
};

/**
 * What the device signs with, or '' when there is none to read (none issued yet, as for the demo's devices; a value
 * not encrypted; no key, or another key than the one it was saved under): such a device matches no signature and is
 * refused as forged until 重置密钥 issues one.
 */
export const deviceSecret = (registry: AppRegistry, stored: string): string => {
  if (!isEncrypted(stored)) return '';
  try {
    return decryptSecret(configSecretKey(registry), stored);
  } catch {
    return '';
  }
};

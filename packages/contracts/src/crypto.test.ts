import { describe, expect, it } from 'vitest';
import { createHash, createDecipheriv } from 'node:crypto';
import { decryptPassword, encryptPassword } from './crypto.ts';

describe('login password encryption', () => {
  it('round-trips and follows the documented scheme (SHA-256 key, AES-256-GCM, iv‖ct‖tag)', async () => {
    const payload = await encryptPassword('property', 1795300000000, 'form-1234', 'Property_2026');
    expect(await decryptPassword('property', 1795300000000, 'form-1234', payload)).toBe('Property_2026');
    // an independent implementation with node:crypto opens it too
    const bytes = Buffer.from(payload, 'base64');
    const key = createHash('sha256').update('property|1795300000000|form-1234').digest();
    const d = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    d.setAuthTag(bytes.subarray(bytes.length - 16));
    expect(Buffer.concat([d.update(bytes.subarray(12, bytes.length - 16)), d.final()]).toString()).toBe(
      'Property_2026',
    );
  });

  it('does not open with another user name, timestamp or form id', async () => {
    const payload = await encryptPassword('property', 1, 'form-1234', 'secret');
    expect(await decryptPassword('staff', 1, 'form-1234', payload)).toBeNull();
    expect(await decryptPassword('property', 2, 'form-1234', payload)).toBeNull();
    expect(await decryptPassword('property', 1, 'form-9999', payload)).toBeNull();
    expect(await decryptPassword('property', 1, 'form-1234', 'not base64!')).toBeNull();
  });

  it('uses a random IV each time', async () => {
    const a = await encryptPassword('u', 1, 'f', 'p');
    const b = await encryptPassword('u', 1, 'f', 'p');
    expect(a).not.toBe(b);
  });
});

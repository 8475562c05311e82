import { describe, expect, it } from 'vitest';
import { allowedPicture, mayBePicture } from './device-picture.ts';

const key = (tenant: number) => `t${tenant}/202611/0f8fad5b-d9cb-469f-a165-70867728950e.jpg`;

describe('device snapshot address', () => {
  it('looks like an upload key or an https address before the device is known', () => {
    expect(mayBePicture(key(3))).toBe(true);
    expect(mayBePicture('https://img.example.com/a.jpg')).toBe(true);
    for (const s of ['http://img.example.com/a.jpg', '/xapi/x', 'javascript:alert(1)', 'data:image/png;base64,AA', ''])
      expect(mayBePicture(s), s).toBe(false);
  });

  it("takes the company's own upload keys and nobody else's", () => {
    expect(allowedPicture(key(3), 3, null)).toBe(key(3));
    expect(allowedPicture(key(4), 3, 'https://img.example.com/')).toBeNull();
  });

  it('takes an https address only under a prefix the company set, compared by origin and path', () => {
    const prefixes = 'https://img.example.com/snap/, https://cdn.example.com\nhttp://plain.example.com/ https://';
    expect(allowedPicture('https://img.example.com/snap/1.jpg', 3, prefixes)).toBe(
      'https://img.example.com/snap/1.jpg',
    );
    expect(allowedPicture('https://cdn.example.com/x/1.jpg', 3, prefixes)).toBe('https://cdn.example.com/x/1.jpg');
    for (const s of [
      'https://img.example.com/other/1.jpg',
      'https://img.example.com/snap/../other/1.jpg',
      'https://img.example.com.evil.io/snap/1.jpg',
      'https://img.example.com@evil.io/snap/1.jpg',
      'https://user:pw@img.example.com/snap/1.jpg',
      'https://cdn.example.com:8443/1.jpg',
      'https://plain.example.com/1.jpg',
      'https://anything.example/1.jpg',
    ])
      expect(allowedPicture(s, 3, prefixes), s).toBeNull();
    expect(allowedPicture('https://img.example.com/snap/1.jpg', 3, null)).toBeNull();
    expect(allowedPicture('https://img.example.com/snap/1.jpg', 3, '')).toBeNull();
  });
});

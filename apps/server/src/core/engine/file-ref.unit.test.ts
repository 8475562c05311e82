import { asyncLocalStorage, type RequestContext } from '@fastify/request-context';
import { describe, expect, it } from 'vitest';
import { documentServersOf, isOwnFileList, isOwnFileRef } from './file-ref.ts';

const KEY = 't12/202601/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';

/** as inside a request of an app configured with this document server (the app sets the store per request) */
const inRequestOf = (documentServer: string, check: () => void) =>
  asyncLocalStorage.run({ documentServers: documentServersOf(documentServer) } as unknown as RequestContext, check);

describe('image and file values point into our own document store', () => {
  it('accepts upload keys and the file route with a key', () => {
    expect(isOwnFileRef(KEY)).toBe(true);
    expect(isOwnFileRef(`/xapi/Common/Document/file/${KEY}`)).toBe(true);
    expect(isOwnFileList(`${KEY},/xapi/Common/Document/file/${KEY}`)).toBe(true);
  });

  it('refuses other hosts, relative tricks and anything not shaped like a key', () => {
    for (const v of [
      '//other-host/x.jpg',
      'https://other-host/x.jpg',
      '/\\other-host/x.jpg',
      '/xapi/Common/Document/file/../x.jpg',
      't12/202601/x.jpg',
      '/a.jpg',
      'javascript:alert(1)',
      '',
    ])
      expect(isOwnFileRef(v), v).toBe(false);
    expect(isOwnFileList(`${KEY},//other-host/x.jpg`)).toBe(false);
    expect(isOwnFileList(`${KEY},`)).toBe(false);
  });

  it('accepts urls below a configured document server, and only below it', () => {
    expect(isOwnFileRef('https://doc.example.com/files/a.jpg')).toBe(false);
    inRequestOf('https://doc.example.com/files/', () => {
      expect(isOwnFileRef('https://doc.example.com/files/2026/a.jpg')).toBe(true);
      expect(isOwnFileRef('https://doc.example.com/filesx/a.jpg')).toBe(false);
      expect(isOwnFileRef('https://doc.example.com.evil.cn/files/a.jpg')).toBe(false);
      expect(isOwnFileRef('https://doc.example.com/files/../admin/a.jpg')).toBe(false);
      expect(isOwnFileRef('https://doc.example.com/files/a.jpg?x=<script>')).toBe(false);
    });
    // another app's request (none configured), and no request at all
    inRequestOf('', () => expect(isOwnFileRef('https://doc.example.com/files/2026/a.jpg')).toBe(false));
    expect(isOwnFileRef('https://doc.example.com/files/2026/a.jpg')).toBe(false);
  });
});

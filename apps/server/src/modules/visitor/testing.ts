import type { VisitorQrReply } from '@5a/contracts/endpoints/visitor';
import type { TestApp } from '../../test/harness.ts';

/** Test helper: a multipart body of one file, as the page's upload sends it. */
export const multipart = (name: string, body: Buffer) => {
  const boundary = '----5a-visitor-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(800, 3)]);

/** Test helper: the page's query ({type, id}) of a code's url. */
export const queryOf = (qr: VisitorQrReply) => {
  const u = new URL(qr.url, 'http://x');
  return { type: u.searchParams.get('type') ?? '', id: u.searchParams.get('id') ?? '' };
};

type Reply<T> = { code: number; msg: string; data: T };

/** Test helper: the public calls, without a login, each from the address given (the rate limits count per address). */
export const publicCalls = (t: TestApp) => {
  const post = async <T>(path: string, payload: object, ip: string) => {
    const r = await t.app.inject({ method: 'POST', url: `/xapi${path}`, payload, remoteAddress: ip });
    return { status: r.statusCode, ...(r.json() as Reply<T>) };
  };
  return {
    acModel: (query: object, ip = '10.2.0.1') => post<unknown>('/Web/NoLoginApi/VisitorReg/AcModel', { query }, ip),
    reg: (values: object, query: object, ip = '10.2.0.2') =>
      post<{ id: number } | null>('/Web/NoLoginApi/VisitorReg/reg', { values, query }, ip),
    raw: (path: string, payload: object, ip: string) => post<unknown>(path, payload, ip),
    upload: async (query: { type: string; id: string }, body = PNG, ip = '10.2.0.3') => {
      const m = multipart('face.png', body);
      const qs = new URLSearchParams(query).toString();
      const r = await t.app.inject({
        method: 'POST',
        url: `/xapi/Web/NoLoginApi/VisitorReg/upload?${qs}`,
        payload: m.payload,
        headers: m.headers,
        remoteAddress: ip,
      });
      return { status: r.statusCode, ...(r.json() as Reply<{ path: string } | null>) };
    },
  };
};

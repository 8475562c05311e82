import { afterEach, describe, expect, it, vi } from 'vitest';

type Logged = { message: string; detail: string; page: string };
const logged: Logged[] = [];
const page = { pathname: '/Web/Basic/House/listConfig', search: '' };
vi.mock('../lib/feedback.ts', () => ({ notifyError: () => undefined }));
vi.mock('../lib/log.ts', () => ({
  currentPage: () => page.pathname + page.search,
  logError: (_kind: string, message: string, detail: string, at: string) => logged.push({ message, detail, page: at }),
}));

const { send } = await import('./http.ts');

afterEach(() => vi.unstubAllGlobals());

describe('the front-end log of a failed call', () => {
  it('names the page the call was made on and the called path, though the user moved on before it failed', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    const call = send('/Web/Community/Vote/list', {}, { silent: true }).catch(() => undefined);
    await Promise.resolve();
    // the user opens another page while the call is on its way
    page.pathname = '/Web/Basic/Index/index';
    answer(new Response(JSON.stringify({ code: 404, msg: '请求地址出错', data: null }), { status: 404 }));
    await call;
    expect(logged).toEqual([
      {
        message: '请求地址出错',
        detail: '/Web/Community/Vote/list: code 404, HTTP 404',
        page: '/Web/Basic/House/listConfig',
      },
    ]);
  });
});

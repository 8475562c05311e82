import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, type LoginData } from '@5a/contracts';
import { openDemo, type DemoApp } from '../estate/testing.ts';
import { openStreams, raiseAlert } from './index.ts';
import { MAX_STREAMS_PER_USER, TOO_MANY_STREAMS_MSG } from './stream.ts';

let { t, ids } = {} as DemoApp;
let base = '';
beforeAll(async () => {
  ({ t, ids } = await openDemo());
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const STREAM = '/xapi/Web/Basic/PlatformInformation/abnormalStream';

const urlTokenOf = async (user: 'property' | 'propertyb' | 'staff', password: string) => {
  const res = await t.post<LoginData>('/Passport/User/Login/web', await t.loginRequest(user, password));
  return res.body.data.urlToken;
};

/** An open event stream: the events as they arrive, parsed. */
const open = async (token: string) => {
  const ac = new AbortController();
  const res = await fetch(`${base}${STREAM}?token=${encodeURIComponent(token)}`, {
    signal: ac.signal,
    headers: { accept: 'text/event-stream' },
  });
  const events: { event: string; data: unknown; at: number }[] = [];
  let buf = '';
  const done = (async () => {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    for (;;) {
      const { value, done: end } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (end) return;
      buf += dec.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const ev = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (ev && data) events.push({ event: ev, data: JSON.parse(data) as unknown, at: Date.now() });
      }
    }
  })();
  const waitFor = async (pred: (e: (typeof events)[number]) => boolean, ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const hit = events.find(pred);
      if (hit) return hit;
      await new Promise((r) => setTimeout(r, 20));
    }
    return null;
  };
  return { res, events, waitFor, close: async () => (ac.abort(), await done) };
};

describe('abnormal alert event stream', () => {
  it('refuses a stream without a login, and answers a caller that does not ask for an event stream', async () => {
    const es = { accept: 'text/event-stream' };
    const res = await fetch(`${base}${STREAM}`, { headers: es });
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(((await res.json()) as { code: number }).code).toBe(Code.tokenInvalid);
    const forged = await fetch(`${base}${STREAM}?token=forged`, { headers: es });
    expect(((await forged.json()) as { code: number }).code).toBe(Code.tokenInvalid);
    const token = await urlTokenOf('property', 'Property_2026');
    const plain = await fetch(`${base}${STREAM}?token=${encodeURIComponent(token)}`);
    expect(plain.headers.get('content-type')).toMatch(/json/);
    expect(((await plain.json()) as { msg: string }).msg).toBe('请以事件流（text/event-stream）连接');
  });

  it('pushes an alert raised after connecting to the users who may see it, within 2 s, and cleans up on close', async () => {
    const before = openStreams(t.db);
    const a = await open(await urlTokenOf('property', 'Property_2026'));
    const b = await open(await urlTokenOf('propertyb', 'Property_2026'));
    expect(a.res.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(await a.waitFor((e) => e.event === 'ready', 2000)).not.toBeNull();
    expect(await b.waitFor((e) => e.event === 'ready', 2000)).not.toBeNull();
    expect(openStreams(t.db)).toBe(before + 2);

    const raisedAt = Date.now();
    const { id } = await raiseAlert(t.db, {
      tenantId: ids.tenantA,
      villageId: ids.sunshine.id,
      type: 2,
      title: '推送测试',
      content: '工单已超时',
      source: 'test',
      sourceId: 'sse-1',
    });
    const got = await a.waitFor((e) => e.event === 'abnormal', 2000);
    expect(got?.data).toMatchObject({ id, title: '推送测试', type: 2, village_name: '阳光花园' });
    expect(got!.at - raisedAt).toBeLessThan(2000);
    // company B's stream gets nothing of company A
    await new Promise((r) => setTimeout(r, 200));
    expect(b.events.filter((e) => e.event === 'abnormal')).toEqual([]);

    await a.close();
    await b.close();
    const until = Date.now() + 2000;
    while (openStreams(t.db) > before && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(openStreams(t.db)).toBe(before);
  });

  it('pushes a payment failure only to streams whose user holds a fee right', async () => {
    const manager = await open(await urlTokenOf('property', 'Property_2026'));
    const staff = await open(await urlTokenOf('staff', 'Staff_2026'));
    expect(await manager.waitFor((e) => e.event === 'ready', 2000)).not.toBeNull();
    expect(await staff.waitFor((e) => e.event === 'ready', 2000)).not.toBeNull();
    const alert = (type: number, sourceId: string) =>
      raiseAlert(t.db, {
        tenantId: ids.tenantA,
        villageId: ids.sunshine.id,
        type,
        title: `推送权限${type}`,
        content: '订单 T2 支付失败，金额 ¥8.00',
        source: 'test',
        sourceId,
      });
    const paid = (await alert(3, 'sse-pay')).id;
    const repair = (await alert(2, 'sse-repair')).id;
    expect(
      await manager.waitFor((e) => e.event === 'abnormal' && (e.data as { id: number }).id === paid, 2000),
    ).not.toBeNull();
    // the later repair alert arriving shows the staff's stream was served, and the payment failure was not sent to it
    expect(
      await staff.waitFor((e) => e.event === 'abnormal' && (e.data as { id: number }).id === repair, 2000),
    ).not.toBeNull();
    expect(staff.events.some((e) => e.event === 'abnormal' && (e.data as { id: number }).id === paid)).toBe(false);
    await manager.close();
    await staff.close();
  });

  it(`refuses a user's stream beyond ${MAX_STREAMS_PER_USER} with a clear message, and takes one again once one closes`, async () => {
    const token = await urlTokenOf('property', 'Property_2026');
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) {
      const s = await open(token);
      expect(s.res.status).toBe(200);
      streams.push(s);
    }
    const extra = await fetch(`${base}${STREAM}?token=${encodeURIComponent(token)}`, {
      headers: { accept: 'text/event-stream' },
    });
    expect(extra.status).toBe(429);
    expect(await extra.json()).toEqual({ code: 429, msg: TOO_MANY_STREAMS_MSG, data: null });
    // another user is not affected
    const other = await open(await urlTokenOf('propertyb', 'Property_2026'));
    expect(other.res.status).toBe(200);
    await other.close();

    await streams.shift()!.close();
    // the server sees the close on its own time: try until a stream is taken again
    let again = await open(token);
    for (let i = 0; again.res.status !== 200 && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await open(token);
    }
    expect(again.res.status).toBe(200);
    await again.close();
    for (const s of streams) await s.close();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STREAM_PATH } from '@5a/contracts/endpoints/video';
import { setupApp, type TestApp } from '../../test/harness.ts';
import { ensureDemoStream, type DemoStreamState } from './demo-stream.ts';

const silent = { info: () => undefined, warn: () => undefined };

describe('the demo stream (ffmpeg test pattern as HLS)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'video-demo-'));
  let t: TestApp;
  let made: DemoStreamState;

  beforeAll(async () => {
    [t, made] = await Promise.all([setupApp({ dataDir }), ensureDemoStream(dataDir, silent)]);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is generated once into the data folder: 2 s segments of H.264 in MPEG-TS, served where the cameras point', async () => {
    expect(made).toBe('generated');
    expect(await ensureDemoStream(dataDir, silent)).toBe('ready');
    const list = await t.app.inject({ method: 'GET', url: DEMO_STREAM_PATH });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(list.body).toContain('#EXT-X-TARGETDURATION:2');
    expect(list.body).toContain('#EXT-X-ENDLIST');
    const segments = list.body.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments).toHaveLength(10);
    const seg = await t.app.inject({ method: 'GET', url: DEMO_STREAM_PATH.replace('index.m3u8', segments[0]!) });
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    // MPEG-TS packets start with the sync byte 0x47
    expect(seg.rawPayload[0]).toBe(0x47);
    expect(seg.rawPayload.length).toBeGreaterThan(10_000);
  });

  it('serves nothing but the playlist and its segments', async () => {
    for (const file of ['..%2F..%2Fpgdata', 'index.m3u8.bak', 'seg1.ts', 'x.txt'])
      expect((await t.app.inject({ method: 'GET', url: `/xapi/Video/demo/${file}` })).statusCode, file).toBe(404);
  });

  it('leaves the server running without ffmpeg, with a warning', async () => {
    const other = mkdtempSync(join(tmpdir(), 'video-demo-'));
    const warned: string[] = [];
    try {
      const state = await ensureDemoStream(
        other,
        { info: () => undefined, warn: (m) => warned.push(m) },
        'no-such-ffmpeg',
      );
      expect(state).toBe('missing-ffmpeg');
      expect(warned.join()).toContain('ffmpeg');
      expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** the demo stream's folder under the data folder (served at DEMO_STREAM_PATH's folder) */
export const demoStreamDir = (dataDir: string) => join(dataDir, 'media', 'demo');
/** what may be asked of that folder: the playlist and its segments, nothing else */
export const DEMO_FILE = /^(index\.m3u8|seg\d{3}\.ts)$/;

export type StreamLog = { info: (msg: string) => void; warn: (msg: string) => void };
export type DemoStreamState = 'ready' | 'generated' | 'missing-ffmpeg' | 'failed';

/**
 * 20 s of ffmpeg's moving test pattern as HLS: H.264 baseline in MPEG-TS (Chromium's MSE plays it, so does any
 * NVR-style player), a keyframe every 2 s so every segment is 2 s, one thread (the machine is shared).
 */
const ffmpegArgs = (dir: string) => [
  '-hide_banner',
  '-loglevel',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=640x360:rate=25:duration=20',
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-profile:v',
  'baseline',
  '-pix_fmt',
  'yuv420p',
  '-g',
  '50',
  '-keyint_min',
  '50',
  '-sc_threshold',
  '0',
  '-threads',
  '1',
  '-f',
  'hls',
  '-hls_time',
  '2',
  '-hls_list_size',
  '0',
  '-hls_playlist_type',
  'vod',
  '-hls_segment_filename',
  join(dir, 'seg%03d.ts'),
  join(dir, 'index.m3u8'),
];

const run = (cmd: string, args: string[]) =>
  new Promise<'ok' | 'missing' | string>((resolve) => {
    let err = '';
    const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    p.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-2000)));
    p.on('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ENOENT' ? 'missing' : e.message));
    p.on('close', (code) => resolve(code === 0 ? 'ok' : err.trim() || `exit ${code}`));
  });

// one generation per folder and process: a second start call waits for the first
const pending = new Map<string, Promise<DemoStreamState>>();

/**
 * Makes the demo's test stream once, when the data folder has none: written to a folder of its own and renamed
 * into place, so a reader never sees half a playlist. Without ffmpeg the server runs on (a warning; the demo
 * cameras show 无信号). Called at start, never on a request's path.
 */
export const ensureDemoStream = (dataDir: string, log: StreamLog, ffmpeg = 'ffmpeg'): Promise<DemoStreamState> => {
  const dir = demoStreamDir(dataDir);
  if (existsSync(join(dir, 'index.m3u8'))) return Promise.resolve('ready');
  const running = pending.get(dir);
  if (running) return running;
  const job = (async (): Promise<DemoStreamState> => {
    const tmp = `${dir}.tmp-${process.pid}`;
    await rm(tmp, { recursive: true, force: true });
    await mkdir(tmp, { recursive: true });
    const result = await run(ffmpeg, ffmpegArgs(tmp));
    if (result !== 'ok') {
      await rm(tmp, { recursive: true, force: true });
      if (result === 'missing') {
        log.warn('未找到 ffmpeg：演示视频流未生成，演示摄像头将显示“无信号”（apt-get install ffmpeg 后重启即可）');
        return 'missing-ffmpeg';
      }
      log.warn(`演示视频流生成失败：${result}`);
      return 'failed';
    }
    // another process may have won the race: its stream is as good as ours
    if (existsSync(join(dir, 'index.m3u8'))) {
      await rm(tmp, { recursive: true, force: true });
      return 'ready';
    }
    await rm(dir, { recursive: true, force: true });
    await rename(tmp, dir);
    log.info(`演示视频流已生成: ${dir}`);
    return 'generated';
  })().finally(() => pending.delete(dir));
  pending.set(dir, job);
  return job;
};

/**
 * The dataset of a scale on a database of its own: a throwaway PostgreSQL (started as CI starts
 * one, stopped and removed when the process exits), or a new database on BENCH_DATABASE_URL's
 * server (dropped at the end).
 */
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { prepare, SCALES, type ScaleName } from '../data.ts';

/** --scale S, else BENCH_SCALE, else the fallback */
export const scaleArg = (fallback: ScaleName): ScaleName => {
  const i = process.argv.indexOf('--scale');
  const s = (i >= 0 ? process.argv[i + 1] : undefined) ?? process.env.BENCH_SCALE ?? fallback;
  if (!(s in SCALES)) throw new Error(`--scale must be small, medium or large (got ${s})`);
  return s as ScaleName;
};

/** With BENCH_DATABASE_URL: a new database of our own on that server, and how to drop it; else nothing (a throwaway server). */
export const ownDatabase = async (): Promise<{ url: string | undefined; drop: (() => Promise<void>) | null }> => {
  if (!process.env.BENCH_DATABASE_URL) return { url: undefined, drop: null };
  const name = `fivea_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(process.env.BENCH_DATABASE_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
};

export const benchData = async (scale: ScaleName, log: (m: string) => void) => {
  const { url, drop } = await ownDatabase();
  const data = await prepare({ scale, url, log });
  return {
    data,
    url: data.url!,
    close: async () => {
      await data.close();
      await drop?.();
    },
  };
};

/** a hard stop: the process exits (and the throwaway server with it) if a run overruns */
export const watchdog = (name: string, ms: number) => {
  const t = setTimeout(() => {
    console.error(`${name}: hard stop after ${Math.round(ms / 1000)} s`);
    process.exit(1);
  }, ms);
  t.unref();
  return t;
};

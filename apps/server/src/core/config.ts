import { existsSync, mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Environment settings, read once (README lists them). */
export type ServerConfig = {
  port: number;
  /** server processes sharing the port (WORKERS, PostgreSQL only: the embedded database has one process) */
  workers: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * a PostgreSQL streaming replica of DATABASE_URL (DATABASE_READ_URL): the routes declared `reads: 'replica'`
   * (exports, statistics, big screens) read there when it is fresh enough (ADR 0006); PostgreSQL only
   */
  databaseReadUrl: string | undefined;
  /** past this replication lag (READ_MAX_LAG_MS) those reads go to the primary */
  readMaxLagMs: number;
  dataDir: string;
  seedDemo: boolean;
  webDist: string;
  documentServer: string;
  iotServer: string;
  /** origins of the sites' NVRs or media gateways whose HLS streams the video wall may play besides https ones */
  videoStreamOrigins: string[];
  /** XYZ tile templates of the maps' 平面 and 卫星 bases (MAP_TILE_PLANE, MAP_TILE_SATELLITE); '' = a plain vector base */
  mapTiles: { plane: string; satellite: string };
  loginRateLimit: number;
  /** addresses (IPs/CIDRs) of the reverse proxies whose X-Forwarded-For is believed; none by default */
  trustProxy: string[];
  backupIntervalMin: number;
  /** how often the background sweeps run (overdue work orders, paid service bills, patrol tasks, parking spaces, reminders); 0: never (tests) */
  sweepIntervalMs: number;
  logLevel: string;
  /**
   * months the audit trail keeps (AUDIT_RETENTION_MONTHS, default 24); never under 6, the least the law on network
   * security asks logs to be kept
   */
  auditRetentionMonths: number;
  /** production: NODE_ENV=production or PostgreSQL (DATABASE_URL); the demo is the embedded database */
  production: boolean;
  /** the sandbox payment provider: on in the demo, in production only with PAY_SANDBOX=1 */
  paySandbox: boolean;
  /**
   * service renewals (paid to the platform) through the sandbox: the demo's only. Never with NODE_ENV=production,
   * and with DATABASE_URL only when a test run asks for it (RENEWAL_SANDBOX=1 with NODE_ENV=test): a sandbox
   * renewal is a free one.
   */
  renewalSandbox: boolean;
  /** the sandbox SMS provider (texts kept in 短信记录, nothing delivered): on in the demo, in production only with SMS_SANDBOX=1 */
  smsSandbox: boolean;
  /** the sandbox weather (made-up figures marked 演示数据) for companies without a weather service: as the SMS sandbox, WEATHER_SANDBOX */
  weatherSandbox: boolean;
  /** absolute base of notify URLs and sandbox QR links; unset in production without PUBLIC_BASE_URL */
  publicBaseUrl: string | undefined;
  /** key for secret settings at rest (AES-256-GCM); the demo start keeps one in DATA_DIR */
  configSecretKey: string | undefined;
  /**
   * every reply is checked against its declared schema and a mismatch answers 500 (tests and CHECK_REPLIES=1);
   * otherwise replies are sent as the handler made them, unchecked
   */
  checkReplies: boolean;
};

const payConfig = (env: NodeJS.ProcessEnv) => {
  const databaseUrl = env.DATABASE_URL || undefined;
  const production = env.NODE_ENV === 'production' || !!databaseUrl;
  const paySandbox = env.PAY_SANDBOX === '1' || (env.PAY_SANDBOX !== '0' && !databaseUrl);
  const base = env.PUBLIC_BASE_URL?.trim().replace(/\/+$/, '');
  return {
    production,
    paySandbox,
    smsSandbox: env.SMS_SANDBOX === '1' || (env.SMS_SANDBOX !== '0' && !databaseUrl),
    weatherSandbox: env.WEATHER_SANDBOX === '1' || (env.WEATHER_SANDBOX !== '0' && !databaseUrl),
    renewalSandbox:
      paySandbox &&
      env.NODE_ENV !== 'production' &&
      (!databaseUrl || (env.RENEWAL_SANDBOX === '1' && env.NODE_ENV === 'test')),
    publicBaseUrl: base || (production ? undefined : `http://127.0.0.1:${Number(env.PORT ?? 8080)}`),
    configSecretKey: env.CONFIG_SECRET_KEY || undefined,
  };
};

/** READ_MAX_LAG_MS: 10 s unless a number of milliseconds is given */
const lagLimit = (v: string | undefined) => {
  const n = Number(v);
  return v?.trim() && Number.isFinite(n) ? Math.max(0, n) : 10_000;
};

export const readConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => ({
  checkReplies: env.CHECK_REPLIES === '1' || (env.NODE_ENV === 'test' && env.CHECK_REPLIES !== '0'),
  port: Number(env.PORT ?? 8080),
  workers: Math.max(1, Math.floor(Number(env.WORKERS) || 1)),
  host: env.HOST ?? '127.0.0.1',
  databaseUrl: env.DATABASE_URL || undefined,
  databaseReadUrl: env.DATABASE_READ_URL || undefined,
  readMaxLagMs: lagLimit(env.READ_MAX_LAG_MS),
  dataDir: env.DATA_DIR ?? './data',
  seedDemo: env.SEED_DEMO !== '0',
  webDist: env.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname,
  documentServer: env.DOCUMENT_SERVER ?? '',
  iotServer: env.IOT_SERVER ?? '',
  videoStreamOrigins: (env.VIDEO_STREAM_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  mapTiles: { plane: env.MAP_TILE_PLANE?.trim() ?? '', satellite: env.MAP_TILE_SATELLITE?.trim() ?? '' },
  loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 60),
  trustProxy: (env.TRUST_PROXY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  backupIntervalMin: Number(env.BACKUP_INTERVAL_MIN ?? 360),
  // at least a second: a sweep is a few statements, never a busy loop
  sweepIntervalMs: Math.max(1, Number(env.SWEEP_INTERVAL_SEC) || 60) * 1000,
  logLevel: env.LOG_LEVEL ?? 'info',
  auditRetentionMonths: Math.max(6, Math.floor(Number(env.AUDIT_RETENTION_MONTHS) || 24)),
  ...payConfig(env),
});

/** below this much free space the embedded database fails mid-write (PGlite's bare ErrnoError), so it is refused at start */
const MIN_FREE_BYTES = 64 * 1024 * 1024;

const causes: Record<string, string> = {
  EROFS: '只读文件系统',
  EACCES: '没有写权限',
  EPERM: '没有写权限',
  ENOSPC: '磁盘空间不足',
  EDQUOT: '磁盘配额已满',
  ENOTDIR: '路径中有一段是文件而不是目录',
  EEXIST: '同名文件已存在，不是目录',
};

/**
 * Why DATA_DIR cannot hold the embedded database, as the one line the start prints before it exits; null when
 * it can. Checked before anything writes there: otherwise a read-only or full folder surfaces as a raw EROFS
 * stack or PGlite's `ErrnoError 51`, which names neither the folder nor the cause.
 */
export const dataDirProblem = (dir: string): string | null => {
  const where = resolve(dir);
  try {
    mkdirSync(where, { recursive: true });
    for (const d of [where, join(where, 'pgdata')].filter((p) => existsSync(p))) {
      const probe = join(d, `.write-check-${process.pid}`);
      writeFileSync(probe, 'ok');
      rmSync(probe);
    }
    const fs = statfsSync(where);
    if (fs.bavail * fs.bsize < MIN_FREE_BYTES)
      return `数据目录不可用: ${where}（磁盘空间不足，剩余 ${Math.floor((fs.bavail * fs.bsize) / 1048576)} MB）`;
    return null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    const cause = causes[code] ?? (e instanceof Error ? e.message : String(e));
    return `数据目录不可用: ${where}（${cause}${code && causes[code] ? `，${code}` : ''}）`;
  }
};

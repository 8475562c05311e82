/** Environment settings, read once (README lists them). */
export type ServerConfig = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  webDist: string;
  documentServer: string;
  iotServer: string;
  loginRateLimit: number;
  /** addresses (IPs/CIDRs) of the reverse proxies whose X-Forwarded-For is believed; none by default */
  trustProxy: string[];
  backupIntervalMin: number;
  logLevel: string;
};

export const readConfig = (env: NodeJS.ProcessEnv = process.env): ServerConfig => ({
  port: Number(env.PORT ?? 8080),
  host: env.HOST ?? '127.0.0.1',
  databaseUrl: env.DATABASE_URL || undefined,
  dataDir: env.DATA_DIR ?? './data',
  seedDemo: env.SEED_DEMO !== '0',
  webDist: env.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname,
  documentServer: env.DOCUMENT_SERVER ?? '',
  iotServer: env.IOT_SERVER ?? '',
  loginRateLimit: Number(env.LOGIN_RATE_LIMIT ?? 60),
  trustProxy: (env.TRUST_PROXY ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  backupIntervalMin: Number(env.BACKUP_INTERVAL_MIN ?? 360),
  logLevel: env.LOG_LEVEL ?? 'info',
});

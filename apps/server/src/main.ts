import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { dataDirProblem, readConfig } from './core/config.ts';
import { boundHeapGrowth } from './core/heap.ts';
import type { JobDefinition } from './core/jobs/types.ts';
import { openDatabase } from './db.ts';
import { localSecretKey } from './modules/system/config-secret.ts';
import { ensureDemoStream } from './modules/video/index.ts';
import { demoLogins } from './seed/demo.ts';

boundHeapGrowth();
const started = Date.now();
const env = readConfig();
// the embedded database's folder, checked before anything writes there: one line naming it and why, then exit
const dirProblem = env.databaseUrl ? null : dataDirProblem(env.dataDir);
if (dirProblem) {
  console.error(dirProblem);
  process.exit(1);
}
// a replica is PostgreSQL's: the embedded database has none, and reading it silently from the primary would hide the mistake
if (env.databaseReadUrl && !env.databaseUrl) {
  console.error('DATABASE_READ_URL 需要 PostgreSQL（DATABASE_URL）：嵌入式数据库没有只读备库');
  process.exit(1);
}
// the demo (embedded database) keeps a generated key for secret settings next to its data; PostgreSQL needs CONFIG_SECRET_KEY
const config = {
  ...env,
  configSecretKey: env.configSecretKey ?? (env.databaseUrl ? undefined : localSecretKey(env.dataDir)),
};
if (!config.configSecretKey) console.warn('未设置 CONFIG_SECRET_KEY：密钥类参数（支付私钥、APIv3 密钥等）不能保存');
if (config.production && !config.publicBaseUrl) console.warn('未设置 PUBLIC_BASE_URL：在线支付（支付回调地址）不可用');
// several processes on one PostgreSQL: the primary prepares the database once, then keeps WORKERS servers running
if (config.workers > 1 && cluster.isPrimary) {
  if (!config.databaseUrl) {
    console.error('WORKERS 大于 1 需要 PostgreSQL（DATABASE_URL）：嵌入式数据库只能由一个进程打开');
    process.exit(1);
  }
  const prepared = await openDatabase(config);
  await prepared.close();
  let stopping = false;
  const fork = (first: boolean) => cluster.fork({ FIVEA_PREPARED: '1', FIVEA_FIRST_WORKER: first ? '1' : '' });
  for (let i = 0; i < config.workers; i++) fork(i === 0);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`服务进程 ${worker.process.pid} 退出（${signal ?? code}），重新启动`);
    fork(false);
  });
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
  };
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  console.log(`5A云小区 主进程: ${config.workers} 个服务进程共用端口 ${config.port}（PostgreSQL）`);
} else {
  await serve();
}

async function serve() {
  const worker = cluster.isWorker;
  const db = await openDatabase(config, worker && process.env.FIVEA_PREPARED === '1');
  // embedded mode: a consistent copy of the data folder on a schedule (ADR 0001) — a job, so a failed one is
  // retried and logged like any other — and once more at shutdown
  const backup = db.backup;
  const backupJobs: JobDefinition[] =
    backup && config.backupIntervalMin > 0
      ? [
          {
            name: 'embedded-backup',
            schedule: { every: config.backupIntervalMin * 60_000 },
            retry: { limit: 2, delaySec: 60 },
            timeoutSec: 3600,
            run: async ({ log }) => log.info(`备份完成: ${await backup()}`),
          },
        ]
      : [];
  const app = await buildApp({ db: db.db, config, logger: { level: config.logLevel }, jobs: backupJobs });
  await app.listen({ port: config.port, host: config.host });
  // the demo cameras' test stream, made once into the data folder after the server is up (ffmpeg may be missing:
  // the server runs on and the cameras show 无信号)
  if (config.seedDemo && (!worker || process.env.FIVEA_FIRST_WORKER === '1'))
    void ensureDemoStream(config.dataDir, app.log);

  const url = `http://${config.host}:${config.port}`;
  // one banner for the port, however many processes share it
  if (!worker || process.env.FIVEA_FIRST_WORKER === '1') printBanner(url, db);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    if (db.backup)
      await db
        .backup()
        .then((f) => console.log(`备份完成: ${f}`))
        .catch((e: unknown) => console.error('备份失败', e));
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

function printBanner(url: string, db: { kind: string; seeded: boolean }) {
  console.log(
    `\n5A云小区 已启动: ${url}  (数据库: ${db.kind === 'postgres' ? `PostgreSQL${config.databaseReadUrl ? ' + 只读备库' : ''}` : `嵌入式 PGlite ${config.dataDir}`}, ${Date.now() - started} ms${db.seeded ? ', 已写入演示数据' : ''})`,
  );
  console.log('演示账号:');
  for (const l of demoLogins)
    console.log(`  ${url}${l.page.padEnd(15)} ${l.user.padEnd(10)} ${l.password.padEnd(14)} ${l.who}`);
  console.log(`API 文档: ${url}/docs\n`);
}

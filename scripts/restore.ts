// npm run restore [-- <backup file>]: the embedded database of DATA_DIR (default ./data) back to a backup, the newest
// in DATA_DIR/backups unless one is named. Stop the server first; the data replaced is kept beside it.
import { restoreEmbedded } from '../apps/server/src/core/db/restore.ts';

const dataDir = process.env.DATA_DIR ?? './data';
try {
  const r = await restoreEmbedded(dataDir, process.argv[2]);
  console.log(`已恢复: ${r.file} → ${r.pgdata}`);
  if (r.previous) console.log(`原数据已保留: ${r.previous}`);
  console.log('现在可以启动服务: npm start');
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
}

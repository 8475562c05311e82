import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataDirProblem } from './config.ts';

const root = mkdtempSync(join(tmpdir(), '5a-datadir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// tests run as root, where chmod does not stop writes: a path under a regular file cannot be written by anyone
const underAFile = () => {
  const file = join(root, `not-a-dir-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, 'x');
  return join(file, 'data');
};

describe('DATA_DIR at start', () => {
  it('accepts a writable folder, creating it', () => {
    expect(dataDirProblem(join(root, 'fresh', 'data'))).toBeNull();
  });

  it('names the folder and the cause when it cannot be written', () => {
    const dir = underAFile();
    expect(dataDirProblem(dir)).toBe(`数据目录不可用: ${dir}（路径中有一段是文件而不是目录，ENOTDIR）`);
  });

  it('names a file standing where the folder should be', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    expect(dataDirProblem(file)).toBe(`数据目录不可用: ${file}（同名文件已存在，不是目录，EEXIST）`);
  });

  it('the server prints that one line and exits non-zero, before writing anything', () => {
    const dir = underAFile();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(`数据目录不可用: ${dir}（路径中有一段是文件而不是目录，ENOTDIR）`);
    expect(run.stdout).not.toContain('已启动');
  }, 60_000);
});

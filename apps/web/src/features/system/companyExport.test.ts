import { describe, expect, it } from 'vitest';
import type { CompanyExportStatus } from '@5a/contracts/endpoints/company-export';
import { downloadHref, isRunning, progressLine, sizeText } from './companyExport.ts';

const run = (over: Partial<CompanyExportStatus>): CompanyExportStatus => ({
  id: 1,
  state: 'running',
  done: 3,
  total: 90,
  percent: 3,
  note: 'bills',
  file_name: '',
  size: 0,
  tables: 0,
  rows: 0,
  created_at: '2026-01-01 10:00:00',
  finished_at: '',
  url: '',
  ...over,
});

describe('数据导出 page logic', () => {
  it('polls while queued or running only', () => {
    expect(isRunning(run({}))).toBe(true);
    expect(isRunning(run({ state: 'queued' }))).toBe(true);
    expect(isRunning(run({ state: 'completed' }))).toBe(false);
    expect(isRunning(null)).toBe(false);
  });
  it('says which table is being written', () => {
    expect(progressLine(run({}))).toBe('正在导出：bills（3/90 张表）');
    expect(progressLine(run({ state: 'queued' }))).toBe('排队中，即将开始…');
    expect(progressLine(run({ total: 0 }))).toBe('正在读取数据表…');
  });
  it('sizes and links', () => {
    expect(sizeText(512)).toBe('512 B');
    expect(sizeText(2048)).toBe('2.0 KB');
    expect(sizeText(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(downloadHref('/xapi/', '/Web/Setting/DataExport/file/4', 'a b')).toBe(
      '/xapi/Web/Setting/DataExport/file/4?token=a%20b',
    );
  });
});

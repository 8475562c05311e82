import { describe, expect, it, vi } from 'vitest';
import { runSubmit, successOf, type SubmitLock } from './actionSubmit.ts';

const steps = (over: Partial<Parameters<typeof runSubmit<{ name: string }>>[1]> = {}) => ({
  validate: vi.fn(async () => ({ name: '一号楼' })),
  warn: vi.fn(),
  send: vi.fn(async () => ({ data: null, msg: '' })),
  ...over,
});

describe('runSubmit', () => {
  it('sends the validated values', async () => {
    const s = steps();
    await runSubmit({ current: false }, s);
    expect(s.send).toHaveBeenCalledWith({ name: '一号楼' });
  });

  it('sends nothing when the form is wrong', async () => {
    const s = steps({ validate: vi.fn(() => Promise.reject(new Error('请输入名称'))) });
    await runSubmit({ current: false }, s);
    expect(s.send).not.toHaveBeenCalled();
  });

  it('warns instead of sending when the check refuses', async () => {
    const s = steps({ check: () => '您还未选择数据' });
    await runSubmit({ current: false }, s);
    expect(s.warn).toHaveBeenCalledWith('您还未选择数据');
    expect(s.send).not.toHaveBeenCalled();
  });

  it('settles quietly when the call fails (the api client toasted it) and frees the lock', async () => {
    const lock: SubmitLock = { current: false };
    const s = steps({ send: vi.fn(() => Promise.reject(new Error('车位已被占用'))) });
    await expect(runSubmit(lock, s)).resolves.toBeUndefined();
    expect(lock.current).toBe(false);
  });

  it('sends once however often it is clicked while one submit runs', async () => {
    let release = () => {};
    const pending = new Promise<unknown>((r) => (release = () => r(null)));
    const s = steps({ send: vi.fn(() => pending) });
    const lock: SubmitLock = { current: false };
    const first = runSubmit(lock, s);
    await runSubmit(lock, s);
    await runSubmit(lock, s);
    await vi.waitFor(() => expect(s.send).toHaveBeenCalled());
    release();
    await first;
    expect(s.send).toHaveBeenCalledTimes(1);
    await runSubmit(lock, s);
    expect(s.send).toHaveBeenCalledTimes(2);
  });
});

describe('successOf', () => {
  it("prefers the server's msg to the given text", () => {
    expect(successOf('关联成功', { data: null, msg: '已关联 A-001' })).toBe('已关联 A-001');
    expect(successOf('关联成功', { data: null, msg: 'success' })).toBe('关联成功');
  });
  it('takes a text made from the reply as it is', () => {
    expect(successOf(({ data }) => `新增 ${String(data)} 条`, { data: 3, msg: '保存成功!' })).toBe('新增 3 条');
  });
});

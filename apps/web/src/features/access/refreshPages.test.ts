import { describe, expect, it } from 'vitest';
import { pageErrorText, refreshAllPages } from './refreshPages.ts';

describe('刷新人脸 paging', () => {
  it('asks the split first, then every page in turn, reporting a failed page and going on', async () => {
    const asked: (number | undefined)[] = [];
    const progress: number[] = [];
    const failed: string[] = [];
    const pages = await refreshAllPages(
      async (page) => {
        asked.push(page);
        if (page === 2) throw new Error('设备已停用');
        return { pageCount: 3 };
      },
      (p) => progress.push(p),
      (page, error) => failed.push(pageErrorText(page, error)),
    );
    expect(pages).toBe(3);
    expect(asked).toEqual([undefined, 1, 2, 3]);
    expect(progress).toEqual([33, 67, 100]);
    expect(failed).toEqual(['2页，有错误信息：设备已停用']);
  });

  it('sends no page when the list is empty, and a failed first call throws', async () => {
    const asked: (number | undefined)[] = [];
    await refreshAllPages(
      async (page) => {
        asked.push(page);
        return { pageCount: 0 };
      },
      () => undefined,
      () => undefined,
    );
    expect(asked).toEqual([undefined]);
    await expect(
      refreshAllPages(
        async () => {
          throw new Error('数据不存在');
        },
        () => undefined,
        () => undefined,
      ),
    ).rejects.toThrow('数据不存在');
  });
});

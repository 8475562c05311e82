/** one call of 刷新人脸: without a page it answers how the list splits, with one it sends that page */
export type RefreshStep = (page?: number) => Promise<{ pageCount: number }>;

/**
 * 刷新人脸 as the spec runs it: the first call answers pageCount, then pages 1..pageCount in turn; a failed page is
 * reported and the rest continue; progress in whole percent after each page. A failed first call throws.
 */
export const refreshAllPages = async (
  step: RefreshStep,
  progress: (percent: number) => void,
  pageFailed: (page: number, error: string) => void,
) => {
  const { pageCount } = await step();
  for (let page = 1; page <= pageCount; page++) {
    try {
      await step(page);
    } catch (e) {
      pageFailed(page, e instanceof Error ? e.message : String(e));
    }
    progress(Math.round((page / pageCount) * 100));
  }
  return pageCount;
};

/** the page's failure as the mask reports it */
export const pageErrorText = (page: number, error: string) => `${page}页，有错误信息：${error}`;

import { z } from 'zod';
import { idListOf, pageSchema, safeText } from '@5a/contracts';

/** absent, '' and null all mean "not given": clients clear a field either way */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());

/** one cell of a search or an imported row */
export const scalar = z.union([safeText('搜索条件', 500), z.number(), z.boolean(), z.null()], {
  error: '搜索条件格式错误',
});
/** one search value: text, number, choice, or a range / multi-choice / region path as a short array */
export const searchValue = z.union(
  [scalar, z.array(scalar, { error: '搜索条件格式错误' }).max(100, '搜索条件格式错误')],
  { error: '搜索条件格式错误' },
);

const tabKeys = {
  tab_type: safeText('tab_type', 64).optional().describe('标签页（也可放在查询串）'),
  tabkey: safeText('tabkey', 64).optional().describe('标签页（同 tab_type）'),
};

/** the keys every list-shaped body may carry, whatever the screen */
export const listKeys = (maxPageSize = 500) => {
  const page = pageSchema(maxPageSize).shape;
  return {
    current: optional(page.current.unwrap()).describe('页码，从 1 开始'),
    size: optional(page.size.unwrap()).describe(`每页条数，最多 ${maxPageSize}`),
    sortField: optional(safeText('sortField', 64)).describe('排序字段（列表中可排序的字段）'),
    sortOrder: optional(z.enum(['ascend', 'descend'], { error: 'sortOrder 只能是 ascend 或 descend' })).describe(
      '排序方向',
    ),
    ids: optional(idListOf('ids', { min: 0 })).describe('只取这些行（导出所选）；空表示不限'),
    after: optional(safeText('after', 2000)).describe(
      '上一页回复的 next：与 current 为其下一页、排序和搜索不变时，从上一页末行之后读取（深分页不再跳过前面的行）',
    ),
    ...tabKeys,
  };
};

const SEARCH_NOTE =
  '其余键为该页面自己的搜索字段（页面配置中 inSearch 的字段 prop，及 village_id/parent_id/house_id/building_id 等上级键），值为文本、数字、布尔或 [起, 止] 等短数组';

/** A list request: paging, sort, chosen ids, plus the screen's own search fields. */
export const listBodyOf = (maxPageSize = 500) =>
  z.object(listKeys(maxPageSize)).catchall(searchValue).describe(`列表请求：分页、排序、所选 ids；${SEARCH_NOTE}`);

/** A body that only picks a tab: screens, option lists and sort lists read nothing else. */
export const tabBody = z.object(tabKeys).describe('可选的标签页键；其余键忽略');

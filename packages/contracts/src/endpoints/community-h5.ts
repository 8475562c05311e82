import { endpoint, type Id } from '../endpoint.ts';

/** The resident page's modules a village may switch on; is_pro 0 is a statistics module, anything else a function. */
export const H5_MODULES = [
  { module_id: 1, name: '问卷调查', is_pro: 1 },
  { module_id: 2, name: '社区投票', is_pro: 1 },
  { module_id: 3, name: '邻里圈', is_pro: 1 },
  { module_id: 4, name: '我的账单', is_pro: 1 },
  { module_id: 5, name: '报事报修', is_pro: 1 },
] as const;
export type H5ModuleId = (typeof H5_MODULES)[number]['module_id'];

export type H5Module = { module_id: number; name: string; is_pro: number; has: boolean };

export const h5Api = {
  show: endpoint<{ village_id: Id }, H5Module[]>('/web/Setting/H5Functions/show'),
  update: endpoint<{ village_id: Id; module_id: Id[] }, { module_id: number[] }>('/web/Setting/H5Functions/update'),
};

import { endpoint } from '../endpoint.ts';

/** A region of the lazy picker: its code and name, a leaf when nothing lies below it. */
export type RegionOption = { label: string; value: string; isLeaf: boolean };

/** The region dictionary (province → city → district → street; the root is 000000). */
export const regionApi = {
  children: endpoint<{ parentId?: string }, RegionOption[]>('/Common/Dict/RegionDict/index'),
  /** code → full name (浙江省 / 杭州市 / 西湖区), '' for an unknown code */
  names: endpoint<{ codes: string[] }, Record<string, string>>('/Common/Dict/RegionDict/names'),
} as const;

import type { H5Module } from '@5a/contracts/endpoints/community-h5';

/** the modules the dialog starts with ticked: those the village has on */
export const checkedOf = (mods: readonly H5Module[]): number[] => mods.filter((m) => m.has).map((m) => m.module_id);

/** 功能模块 / 统计模块 beside each name, as the page's catalogue says */
export const kindOf = (m: Pick<H5Module, 'is_pro'>) => (m.is_pro === 0 ? '统计' : '功能');

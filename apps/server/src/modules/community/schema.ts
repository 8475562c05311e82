/** 社区: the module's tables, one file per capability. */
export * from './schema-neighbour.ts';
export * from './schema-advert.ts';
export * from './schema-h5.ts';

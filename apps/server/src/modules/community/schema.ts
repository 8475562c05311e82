/** 社区: every capability's tables (each in its own schema-<part>.ts), listed in apps/server/src/schema.ts. */
export * from './schema-questionnaire.ts';
export * from './schema-vote.ts';
export * from './schema-neighbour.ts';
export * from './schema-advert.ts';
export * from './schema-h5.ts';

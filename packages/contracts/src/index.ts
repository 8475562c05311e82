export * from './envelope.ts';
export * from './auth.ts';
export * from './menu.ts';
export * from './crypto.ts';
export * from './crud.ts';
export * from './input.ts';
export * from './screen.ts';
export * from './validators.ts';
export const APP_VERSION = '1.10.0';

// the language lives in lib (the engine and the login page read it too)
export { isZh, lang } from '../lib/i18n.ts';

import { getCookie, setCookie } from '../lib/storage.ts';

/** Language from cookie 'lang' (zh-chs → Chinese, anything else → English). */
const resolveLang = () => {
  const lang = getCookie('lang');
  if (lang === null) {
    setCookie('lang', 'zh-chs');
    return 'zh-chs';
  }
  return lang;
};

export const isZh = resolveLang() === 'zh-chs';

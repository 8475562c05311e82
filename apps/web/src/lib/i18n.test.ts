import { describe, expect, it } from 'vitest';
import { langOf, messages, t } from './i18n.ts';

describe('the web texts in both languages', () => {
  it('reads the lang cookie: zh-chs (or none) is Chinese, anything else the English fallback', () => {
    expect(langOf(null)).toBe('zh');
    expect(langOf('zh-chs')).toBe('zh');
    expect(langOf('en')).toBe('en');
    expect(langOf('fr')).toBe('en');
  });
  it('keeps the English messages as written and gives each a Chinese one', () => {
    expect(t('loginSuccess', undefined, 'en')).toBe('login successful');
    expect(t('logoutCancelled', undefined, 'en')).toBe('cancel logout');
    expect(t('deleteConfirm', undefined, 'en')).toBe('are you sure to delete this data?');
    expect(t('deleteConfirmTitle', undefined, 'en')).toBe('hint');
    expect(t('operationSucceeded', undefined, 'en')).toBe('operation succeeded!');
    expect(t('loginSuccess', undefined, 'zh')).toBe('登录成功');
    expect(t('logoutCancelled', undefined, 'zh')).toBe('已取消退出');
    for (const [key, text] of Object.entries(messages.zh)) {
      expect(text, key).not.toBe('');
      expect(messages.en[key as keyof typeof messages.zh], key).not.toBe('');
    }
  });
  it('fills placeholders', () => {
    expect(t('expiredDays', { n: 3 }, 'zh')).toBe('已过期 3 天');
    expect(t('expiredDays', { n: 3 }, 'en')).toBe('expired 3 days ago');
  });
});

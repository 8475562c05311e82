import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { registerFeedback } from '../lib/feedback.ts';
import { getCookie, setCookie } from '../lib/storage.ts';
import { antdSizeOf, themeColorOf, useSettingsStore } from '../store/settings.ts';
import { queryClient } from './queryClient.ts';

/** Language from cookie 'lang' (zh-chs → Chinese, anything else → English). */
const resolveLang = () => {
  const lang = getCookie('lang');
  if (lang === null) {
    setCookie('lang', 'zh-chs');
    return 'zh-chs';
  }
  return lang;
};

const lang = resolveLang();
const isZh = lang === 'zh-chs';
dayjs.locale(isZh ? 'zh-cn' : 'en');

const FeedbackBridge = () => {
  const api = AntdApp.useApp();
  useEffect(() => registerFeedback(api), [api]);
  return null;
};

export const Providers = ({ children }: { children: ReactNode }) => {
  const size = useSettingsStore((s) => s.size);
  const themeName = useSettingsStore((s) => s.theme);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={isZh ? zhCN : enUS}
        componentSize={antdSizeOf(size)}
        theme={{ algorithm: antdTheme.defaultAlgorithm, token: { colorPrimary: themeColorOf(themeName) } }}
      >
        <AntdApp notification={{ placement: 'bottomRight' }} style={{ height: '100%' }}>
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
};

import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { registerFeedback, unregisterFeedback } from '../lib/feedback.ts';
import { antdSizeOf, themeColorOf, useSettingsStore } from '../store/settings.ts';
import { isZh } from './lang.ts';
import { queryClient } from './queryClient.ts';

dayjs.locale(isZh ? 'zh-cn' : 'en');

const FeedbackBridge = () => {
  const api = AntdApp.useApp();
  useEffect(() => {
    registerFeedback(api);
    return () => unregisterFeedback(api);
  }, [api]);
  return null;
};

/**
 * The providers of every page but the login page: antd's theme, size and locale, the query cache, antd's App
 * (themed message, notification and modal, lent to code outside React unless `bridge` is false) and dayjs'
 * locale. Loaded with each page's chunk (app/router.tsx), so the login page's JS carries none of antd.
 */
export const AppProviders = ({ children, bridge = true }: { children: ReactNode; bridge?: boolean }) => {
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
          {bridge ? <FeedbackBridge /> : null}
          {children}
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
};

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useState } from 'react';
import { fetchScreen, screenKey } from '../api/queries.ts';
import type { Row, Values } from './context.ts';
import { ListScreen } from './ListScreen.tsx';
import { ApiError } from '../../api/http.ts';
import { lazyComponent } from '../registry/lazyComponent.tsx';

// the tab strip and the error views (antd's Result carries its illustrations) load when a list shows them, which
// most lists never do
const UnderConstruction = lazyComponent(() => import('../UnderConstruction.tsx').then((m) => m.UnderConstruction));
const ListTabs = lazyComponent(() => import('./ListTabs.tsx').then((m) => m.ListTabs));
const LoadFailed = lazyComponent(() => import('./LoadFailed.tsx').then((m) => m.LoadFailed));

type Props = { route: string; title?: string; extra?: Values; pick?: (row: Row) => void };

/** Loads a list route's config (and a tab's config when tabs switch) and renders the screen. */
export const ListView = ({ route, title, extra, pick }: Props) => {
  const [tab, setTab] = useState<string | undefined>();
  // the list waits for the config: a screen the server has not built yet (a tab left open on it) calls nothing else
  const q = useQuery({
    queryKey: screenKey(route, tab),
    queryFn: () => fetchScreen(route, tab),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const config = q.data;
  if (q.isError && !config && q.error instanceof ApiError && q.error.status === 404)
    return <UnderConstruction title={title ?? route} path={route} />;
  if (q.isError && !config) return <LoadFailed message={(q.error as Error).message} onRetry={() => void q.refetch()} />;
  if (!config) return <Spin style={{ display: 'block', padding: 48 }} />;
  const first = config.tabs[0]?.key;
  // the tab strip follows the click at once; the screen follows when that tab's config arrives
  const shownTab = config.tabs.length ? (tab ?? config.tabType ?? first) : undefined;
  const active = config.tabs.length ? (q.isPlaceholderData ? (config.tabType ?? first) : shownTab) : undefined;
  return (
    <>
      {config.tabs.length ? (
        <ListTabs
          activeKey={shownTab}
          onChange={setTab}
          items={config.tabs.map((t) => ({ key: t.key, label: t.title }))}
          data-testid="list-tabs"
        />
      ) : null}
      <Spin spinning={q.isPlaceholderData}>
        <ListScreen
          key={`${config.route}:${active ?? ''}`}
          config={config}
          tabType={active}
          extra={extra}
          pick={pick}
        />
      </Spin>
    </>
  );
};

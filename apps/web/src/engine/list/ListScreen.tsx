import type { ScreenConfig } from '@5a/contracts';
import { Pagination } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { FormRequest, ListContext, Row, Values } from './context.ts';
import { ListTable } from './ListTable.tsx';
import { SearchForm } from './SearchForm.tsx';
import { Toolbar } from './Toolbar.tsx';
import { useListData } from './useListData.ts';
import { footersFor } from './footers.ts';

// shown after a click (add / edit, a clicked row's tables): their forms, inputs and tables load then, not with
// the list page
const FormDialog = lazy(() => import('../form/FormDialog.tsx').then((m) => ({ default: m.FormDialog })));
const FooterTables = lazy(() => import('./FooterTables.tsx').then((m) => ({ default: m.FooterTables })));
const ListAlert = lazy(() => import('./ListAlert.tsx').then((m) => ({ default: m.ListAlert })));
// sums above the list: only the screens that declare totals (the fee lists) load them
const Totals = lazy(() => import('./Totals.tsx').then((m) => ({ default: m.Totals })));

export type ListScreenProps = {
  config: ScreenConfig;
  tabType?: string;
  /** keys every list request carries (footer table parent key) and add pre-fills */
  extra?: Values;
  /** pick mode (table select): no toolbar or row actions, a 选择 button per row */
  pick?: (row: Row) => void;
};

const none: Values = {};

/** One generic list screen for a loaded config. */
export const ListScreen = ({ config, tabType, extra = none, pick }: ListScreenProps) => {
  const data = useListData(config, tabType, extra);
  const [selected, setSelected] = useState<{ keys: (string | number)[]; rows: Row[] }>({ keys: [], rows: [] });
  const [form, setForm] = useState<FormRequest | null>(null);
  const [parent, setParent] = useState<Row | null>(null);
  const { reload } = data;

  const ctx: ListContext = useMemo(
    () => ({
      config,
      tabType,
      selectedRows: selected.rows,
      selectedKeys: selected.keys,
      search: data.search,
      extra,
      records: data.flat,
      total: data.total,
      reload: () => {
        setSelected({ keys: [], rows: [] });
        reload();
      },
      clearSelection: () => setSelected({ keys: [], rows: [] }),
      openForm: setForm,
      pick,
    }),
    [config, tabType, selected, data.search, extra, data.flat, data.total, reload, pick],
  );

  const footers = pick ? [] : config.footerTables;
  const shownFooters = footersFor(footers, parent);
  return (
    <div data-testid="list-page" className="engine-list">
      <SearchForm
        fields={config.fields}
        onSearch={(v) => {
          setSelected({ keys: [], rows: [] });
          data.setSearch(v);
        }}
      />
      {pick ? null : <Toolbar ctx={ctx} />}
      {config.totals.length ? (
        <Suspense fallback={null}>
          <Totals reply={data.reply} />
        </Suspense>
      ) : null}
      {data.error ? (
        <Suspense fallback={null}>
          <ListAlert message={(data.error as Error).message} />
        </Suspense>
      ) : null}
      <ListTable
        ctx={ctx}
        data={data}
        onSelect={(keys, rows) => setSelected({ keys, rows })}
        onRowClick={footers.length ? setParent : undefined}
        activeKey={parent ? (parent[config.rowKey] as string | number) : undefined}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }} data-testid="pagination">
        <Pagination
          current={data.params.current}
          pageSize={data.params.size}
          total={data.total}
          pageSizeOptions={config.pageSizes.length ? config.pageSizes : [10, 20, 50, 100]}
          showSizeChanger
          showQuickJumper
          showTotal={(t) => `共 ${t} 条`}
          onChange={(current, size) => data.setParams((p) => ({ ...p, current: size !== p.size ? 1 : current, size }))}
        />
      </div>
      {form ? (
        <Suspense fallback={null}>
          <FormDialog
            config={config}
            request={form}
            tabType={tabType}
            presets={extra}
            onClose={() => setForm(null)}
            onSaved={ctx.reload}
          />
        </Suspense>
      ) : null}
      {shownFooters.length && parent ? (
        <Suspense fallback={null}>
          <FooterTables footers={shownFooters} parent={parent} />
        </Suspense>
      ) : null}
    </div>
  );
};

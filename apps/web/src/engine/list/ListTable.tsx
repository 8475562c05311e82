import { Button, Spin, Table } from 'antd';
import { lazy, Suspense } from 'react';
import { t } from '../../lib/i18n.ts';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { FieldCell } from '../cells/FieldCell.tsx';
import { columnAlign, columnWidth, tableWidth } from '../logic/columns.ts';
import { isPlaceholder } from '../logic/tree.ts';
import type { ListContext, Row } from './context.ts';
import { RowActions } from './RowActions.tsx';
import type { ListData } from './useListData.ts';

type Props = {
  ctx: ListContext;
  data: ListData;
  onSelect: (keys: (string | number)[], rows: Row[]) => void;
  /** footer tables: the clicked row becomes their parent */
  onRowClick?: (row: Row) => void;
  activeKey?: string | number;
};

const keyOf = (row: Row, rowKey: string) => row[rowKey] as string | number;
/** room for the row checkbox */
const SELECTION_WIDTH = 50;
/** each row action is a short link (详情, 编辑, 删除 …) */
const actionsWidth = (n: number) => Math.min(260, 32 + 52 * n);
// two system screens edit cells in place: their input and buttons load there, not with every list (the plain cell
// shows meanwhile)
const EditableCell = lazy(() => import('./EditableCell.tsx').then((m) => ({ default: m.EditableCell })));
/** the shell's scrolling area: the header sticks to its top */
const scrollArea = () => document.querySelector<HTMLElement>('.shell-main') ?? window;

/** The list table: columns from inTable fields by the cell registry, selection, sort, tree, actions. */
export const ListTable = ({ ctx, data, onSelect, onRowClick, activeKey }: Props) => {
  const { config } = ctx;
  const fields = config.fields.filter((f) => f.inTable && f.type !== 'password');
  const cellSave = config.urls.cellSave;
  const sorted = data.params.sortField;

  // widths by value type, the first column and 操作 fixed: amounts scroll into view, never under 操作
  const columns: ColumnsType<Row> = fields.map((f, i) => ({
    title: f.label,
    dataIndex: f.prop,
    key: f.prop,
    width: columnWidth(f),
    align: columnAlign(f),
    ellipsis: f.type === 'text' || f.type === 'textarea' ? { showTitle: true } : undefined,
    fixed: i === 0 ? ('left' as const) : undefined,
    sorter: f.sortable ? true : undefined,
    sortOrder: f.sortable && sorted === f.prop ? (data.params.sortOrder ?? null) : null,
    render: (value: unknown, row: Row) => {
      if (isPlaceholder(row)) return i === 0 ? <Spin size="small" /> : null;
      const cell = <FieldCell field={f} value={value} row={row} />;
      if (f.editable && cellSave && !ctx.pick)
        return (
          <Suspense fallback={cell}>
            <EditableCell field={f} row={row} url={cellSave} onSaved={ctx.reload} />
          </Suspense>
        );
      return cell;
    },
  }));

  if (ctx.pick) {
    const pick = ctx.pick;
    columns.push({
      title: '操作',
      key: '__pick',
      fixed: 'right',
      width: 90,
      render: (_: unknown, row: Row) =>
        isPlaceholder(row) ? null : (
          <Button type="link" size="small" onClick={() => pick(row)} data-testid="row-action-pick">
            选择
          </Button>
        ),
    });
  } else if (config.rowActions.length || config.customButtons.length) {
    columns.push({
      title: t('actions'),
      key: '__actions',
      fixed: 'right',
      width: actionsWidth(config.rowActions.length + config.customButtons.length),
      render: (_: unknown, row: Row) => (isPlaceholder(row) ? null : <RowActions row={row} ctx={ctx} />),
    });
  }

  return (
    <div data-testid="list-table">
      <Table<Row>
        rowKey={config.rowKey}
        columns={columns}
        dataSource={data.records}
        loading={data.loading}
        pagination={false}
        size="middle"
        scroll={{
          x: tableWidth(
            columns.map((c) => Number(c.width ?? 0)),
            SELECTION_WIDTH,
          ),
        }}
        sticky={{ getContainer: scrollArea }}
        rowSelection={{
          type: ctx.pick ? 'radio' : 'checkbox',
          selectedRowKeys: ctx.selectedKeys,
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) =>
            onSelect(
              keys as (string | number)[],
              rows.filter((r) => r && !isPlaceholder(r)),
            ),
          getCheckboxProps: (row) => ({ disabled: isPlaceholder(row) }),
        }}
        onChange={(_p, _f, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
          const field = s?.order ? String(s.columnKey ?? s.field ?? '') : undefined;
          data.setParams((p) => ({
            ...p,
            current: 1,
            sortField: field || undefined,
            sortOrder: s?.order ?? undefined,
          }));
        }}
        expandable={
          data.isTree
            ? {
                expandedRowKeys: data.expanded,
                onExpand: (open, row) => {
                  const key = keyOf(row, config.rowKey);
                  data.setExpanded((prev) => (open ? [...prev, key] : prev.filter((k) => k !== key)));
                  const kids = row.children;
                  if (open && Array.isArray(kids) && kids.length === 1 && isPlaceholder(kids[0] as Row))
                    void data.loadChildren(key);
                },
              }
            : undefined
        }
        onRow={(row) => ({
          onClick: onRowClick && !isPlaceholder(row) ? () => onRowClick(row) : undefined,
          onDoubleClick: ctx.pick && !isPlaceholder(row) ? () => ctx.pick?.(row) : undefined,
          style: onRowClick
            ? {
                cursor: 'pointer',
                background:
                  activeKey !== undefined && keyOf(row, config.rowKey) === activeKey
                    ? 'var(--ant-color-primary-bg)'
                    : undefined,
              }
            : undefined,
        })}
      />
    </div>
  );
};

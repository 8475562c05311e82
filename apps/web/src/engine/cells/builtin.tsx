import type { FieldConfig } from '@5a/contracts';
import type { ComponentType } from 'react';
import { Space, Tag, Tooltip, theme } from 'antd';
import { useFieldOptions, useUrlOptions } from '../api/queries.ts';
import { choiceValues, optionLabel } from '../logic/dict.ts';
import { daysLeftText, formatMoney, patrolTimeText, stripHtml } from '../logic/format.ts';
import { fileNameOf, splitPaths } from '../logic/image.ts';
import { lazyComponent } from '../registry/lazyComponent.tsx';
import { baseOfRoute } from '../logic/search.ts';
import { registerCell, type CellProps } from '../registry/cells.ts';
import { toFileUrl } from './fileUrl.ts';
import { RegionCell } from './RegionCell.tsx';

const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

export const TextCell = ({ value }: CellProps) => <>{text(value)}</>;

const tagColors = ['blue', 'green', 'orange', 'purple', 'cyan', 'magenta', 'gold', 'geekblue'];

/** dict / select / radio / checkbox: labels from the dictionary or options, as tags. */
export const ChoiceCell = ({ field, value }: CellProps) => {
  const { options } = useFieldOptions(field);
  const values = choiceValues(value);
  if (!values.length) return null;
  return (
    <Space size={4} wrap>
      {values.map((v) => {
        const idx = options.findIndex((o) => String(o.value) === String(v));
        return (
          <Tag
            key={String(v)}
            color={idx >= 0 ? tagColors[idx % tagColors.length] : undefined}
            style={{ marginInlineEnd: 0 }}
          >
            {optionLabel(options, v)}
          </Tag>
        );
      })}
    </Space>
  );
};

export const MoneyCell = ({ value }: CellProps) => <>{formatMoney(value)}</>;

/** Days left: lapsed in red, the last 30 days in orange. */
export const DaysLeftCell = ({ value }: CellProps) => {
  const n = value === null || value === undefined || value === '' ? null : Number(value);
  const color = n === null || !Number.isFinite(n) ? undefined : n < 0 ? 'red' : n <= 30 ? 'orange' : undefined;
  return (
    <Tag color={color} style={{ marginInlineEnd: 0 }} data-testid="days-left">
      {daysLeftText(value)}
    </Tag>
  );
};

export const FileCell = ({ value }: CellProps) => (
  <Space size={4} wrap>
    {splitPaths(value).map((p) => (
      <a key={p} href={toFileUrl(p)} target="_blank" rel="noreferrer">
        {fileNameOf(p)}
      </a>
    ))}
  </Space>
);

const Ellipsis = ({ children }: { children: string }) =>
  children.length > 40 ? (
    <Tooltip title={children}>
      <span>{`${children.slice(0, 40)}…`}</span>
    </Tooltip>
  ) : (
    <>{children}</>
  );

// a span in the theme's secondary colour rather than antd's Typography (~8 kB gzip on every list)
export const ReadonlyTextCell = ({ value }: CellProps) => {
  const { token } = theme.useToken();
  return value ? (
    <span style={{ color: token.colorTextSecondary }}>
      <Ellipsis>{text(value)}</Ellipsis>
    </span>
  ) : null;
};
export const RichTextCell = ({ value }: CellProps) => <Ellipsis>{stripHtml(value)}</Ellipsis>;
export const PatrolTimeCell = ({ value }: CellProps) => <>{patrolTimeText(value)}</>;
export const PasswordCell = () => null;

/** table select: the picked row's label from the pick route's options. */
export const TableSelectCell = ({ field, value }: CellProps) => {
  const url = field.pick ? `${baseOfRoute(field.pick.route)}/options` : undefined;
  const { data } = useUrlOptions(value === undefined || value === null || value === '' ? undefined : url);
  if (value === undefined || value === null || value === '') return null;
  return <>{data ? optionLabel(data, value as string | number) : text(value)}</>;
};

export const TreeSelectCell = ({ value }: CellProps) => <>{Number(value) === 0 ? '顶级' : text(value)}</>;

// antd's Image with its preview (~12 kB gzip) loads with the first image in a table, not with every list
const ImageCell = lazyComponent(() => import('./ImageCell.tsx').then((m) => m.ImageCell));
// antd's Switch, shown read-only, comes with the first list that has a switch column
const SwitchCell = lazyComponent(() => import('./SwitchCell.tsx').then((m) => m.SwitchCell));

const builtins: [FieldConfig['type'], ComponentType<CellProps>][] = [
  ['text', TextCell],
  ['textarea', TextCell],
  ['number', TextCell],
  ['date', TextCell],
  ['datetime', TextCell],
  ['month', TextCell],
  ['daterange', TextCell],
  ['monthrange', TextCell],
  ['region', RegionCell],
  ['dict', ChoiceCell],
  ['select', ChoiceCell],
  ['radio', ChoiceCell],
  ['checkbox', ChoiceCell],
  ['switch', SwitchCell],
  ['money', MoneyCell],
  ['daysLeft', DaysLeftCell],
  ['image', ImageCell],
  ['file', FileCell],
  ['mapPoint', ReadonlyTextCell],
  ['mapPolygon', ReadonlyTextCell],
  ['richText', RichTextCell],
  ['patrolTime', PatrolTimeCell],
  ['password', PasswordCell],
  ['tableSelect', TableSelectCell],
  ['treeSelect', TreeSelectCell],
];

export const registerBuiltinCells = () => {
  for (const [type, component] of builtins) registerCell(type, component);
};

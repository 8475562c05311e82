import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CloseOutlined,
  DeleteOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { patrolTimeTypes, weekdayNames, type PatrolTimeType } from '@5a/contracts';
import { Button, Checkbox, Empty, Form, Radio, Select, Space, Tag, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { useUrlOptions } from '../../engine/api/queries.ts';
import type { CellProps } from '../../engine/registry/cells.ts';
import type { InputProps } from '../../engine/registry/inputs.ts';
import { chainOf, draftJson, draftOf, draftProblem, idsOf, moveId, type TimeDraft } from './lines.ts';

const days = Array.from({ length: 31 }, (_, i) => ({ label: String(i + 1), value: i + 1 }));
const weekdays = weekdayNames.map((label, i) => ({ label, value: i + 1 }));

/**
 * A time of day as HH:mm:ss in antd's 24-hour picker (a native time input follows the browser's locale and may
 * show AM/PM); typing a whole time takes it without a confirm.
 */
const TimeInput = (p: { value: string; onChange: (v: string) => void; disabled?: boolean; label: string }) => (
  <TimePicker
    format="HH:mm:ss"
    needConfirm={false}
    disabled={p.disabled}
    value={p.value ? dayjs(`2000-01-01T${p.value}`) : null}
    onChange={(v) => p.onChange(v ? v.format('HH:mm:ss') : '')}
    aria-label={p.label}
    style={{ width: 130 }}
  />
);

/** 巡更时间: type, the weekdays or days of the month, and the time windows; the shared rules' message shows as one types. */
export const PatrolTimePicker = ({ value, onChange, id, disabled }: InputProps) => {
  const d = draftOf(value);
  const set = (next: Partial<TimeDraft>) => onChange?.(draftJson({ ...d, ...next }));
  const setSpan = (i: number, key: 'start' | 'end', v: string) =>
    set({ times: d.times.map((t, j) => (j === i ? { ...t, [key]: v } : t)) });
  // a blank form shows no message until something was entered
  const problem = value ? draftProblem(d) : '';
  return (
    <div id={id} data-testid="patrol-time-picker">
      <Radio.Group
        disabled={disabled}
        value={d.type}
        options={patrolTimeTypes.map((t) => ({ label: t.label, value: t.value }))}
        onChange={(e) => set({ type: e.target.value as PatrolTimeType })}
      />
      {d.type === 2 ? (
        <div style={{ marginTop: 8 }} data-testid="patrol-time-week">
          <Checkbox.Group
            disabled={disabled}
            options={weekdays}
            value={d.week}
            onChange={(v) => set({ week: (v as number[]).sort((a, b) => a - b) })}
          />
        </div>
      ) : null}
      {d.type === 3 ? (
        <div style={{ marginTop: 8, maxWidth: 420 }} data-testid="patrol-time-month">
          <Checkbox.Group
            disabled={disabled}
            options={days}
            value={d.month}
            onChange={(v) => set({ month: (v as number[]).sort((a, b) => a - b) })}
          />
        </div>
      ) : null}
      <div style={{ marginTop: 8 }}>
        {d.times.map((t, i) => (
          <Space key={i} style={{ display: 'flex', marginBottom: 6 }} data-testid={`patrol-span-${i}`}>
            <span data-testid={`patrol-span-${i}-start`}>
              <TimeInput
                disabled={disabled}
                value={t.start}
                onChange={(v) => setSpan(i, 'start', v)}
                label={`时段${i + 1}开始`}
              />
            </span>
            <span>至</span>
            <span data-testid={`patrol-span-${i}-end`}>
              <TimeInput
                disabled={disabled}
                value={t.end}
                onChange={(v) => setSpan(i, 'end', v)}
                label={`时段${i + 1}结束`}
              />
            </span>
            <Button
              type="text"
              icon={<DeleteOutlined />}
              disabled={disabled || d.times.length === 1}
              onClick={() => set({ times: d.times.filter((_, j) => j !== i) })}
              aria-label="删除时段"
            />
          </Space>
        ))}
        <Button
          size="small"
          icon={<PlusOutlined />}
          disabled={disabled}
          onClick={() => set({ times: [...d.times, { start: '', end: '' }] })}
          data-testid="patrol-span-add"
        >
          添加时段
        </Button>
      </div>
      {problem ? (
        <Typography.Text type="danger" data-testid="patrol-time-problem">
          {problem}
        </Typography.Text>
      ) : null}
    </div>
  );
};

/** 巡更点位 in a row: the points as tags joined by arrows, in walking order. */
export const PointChainCell = ({ value }: CellProps) => {
  const chain = chainOf(value);
  if (!chain.length) return null;
  return (
    <span data-testid="point-chain">
      {chain.map((p, i) => (
        <Fragment key={`${p.id}-${i}`}>
          {i > 0 ? <span style={{ margin: '0 4px', color: '#999' }}>→</span> : null}
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {p.name}
          </Tag>
        </Fragment>
      ))}
    </span>
  );
};

/**
 * 巡更点位 in the form: pick the enabled points of the chosen village, then drag them (or step them) into walking order.
 * The value is the ordered id list.
 */
export const PointChainInput = ({ field, value, onChange, record, id, disabled }: InputProps) => {
  const form = Form.useFormInstance();
  const villageId = Form.useWatch('village_id', form) as unknown;
  const url = villageId && field.optionsUrl ? `${field.optionsUrl}?village_id=${String(villageId)}` : undefined;
  const { data: options = [], isLoading } = useUrlOptions(url);
  const [dragging, setDragging] = useState<number | null>(null);
  const ids = idsOf(value);
  // a point no longer offered (disabled since) keeps the name the route was saved with
  const saved = chainOf(record?.points);
  const nameOf = (pid: number) =>
    options.find((o) => Number(o.value) === pid)?.label ?? saved.find((p) => p.id === pid)?.name ?? String(pid);
  const set = (next: number[]) => onChange?.(next);
  return (
    <div id={id} data-testid="point-chain-input">
      <Select
        showSearch
        optionFilterProp="label"
        disabled={disabled || !villageId}
        loading={isLoading}
        value={null}
        placeholder={villageId ? '添加巡更点位' : '请先选择所属小区'}
        options={options.filter((o) => !ids.includes(Number(o.value)))}
        onChange={(v: number | null) => v !== null && set([...ids, Number(v)])}
        style={{ width: '100%' }}
        data-testid="point-chain-select"
      />
      <div style={{ marginTop: 8 }}>
        {!ids.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未添加巡更点位" /> : null}
        {ids.map((pid, i) => (
          <div
            key={pid}
            draggable={!disabled}
            data-testid={`chain-item-${pid}`}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(pid));
              setDragging(pid);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              if (dragging !== null && dragging !== pid) set(moveId(ids, dragging, pid));
            }}
            onDrop={(e) => e.preventDefault()}
            onDragEnd={() => setDragging(null)}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '4px 8px',
              marginBottom: 4,
              border: '1px solid #f0f0f0',
              borderRadius: 4,
              cursor: 'move',
              background: dragging === pid ? 'var(--ant-color-primary-bg)' : '#fff',
            }}
          >
            <HolderOutlined />
            <span style={{ width: 24, color: '#999' }}>{i + 1}</span>
            <span style={{ flex: 1 }}>{nameOf(pid)}</span>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              disabled={disabled || i === 0}
              onClick={() => set(moveId(ids, pid, ids[i - 1]!))}
              aria-label="上移"
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={disabled || i === ids.length - 1}
              onClick={() => set(moveId(ids, pid, ids[i + 1]!))}
              aria-label="下移"
            />
            <Button
              size="small"
              type="text"
              icon={<CloseOutlined />}
              disabled={disabled}
              onClick={() => set(ids.filter((x) => x !== pid))}
              aria-label="移除"
            />
          </div>
        ))}
      </div>
    </div>
  );
};

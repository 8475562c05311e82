import { AimOutlined, CloseCircleOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space, Tooltip } from 'antd';
import { useState } from 'react';
import type { InputProps } from '../../engine/registry/inputs.ts';
import { geomSummary, parseGeom, parsePoint } from './geom.ts';
import { MapPickerModal } from './MapPickerModal.tsx';
import type { MapPickerMode, MapPickerResult } from './types.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

/** A location to centre an empty picker on: the form's (or else the record's) point or hot area. */
const focusOf = (...sources: ({ lonlat?: unknown; geom?: unknown } | undefined)[]) => {
  for (const s of sources) {
    if (!s) continue;
    const p = parsePoint(s.lonlat) ?? parseGeom(s.geom)?.centre;
    if (p) return `${p[0]},${p[1]}`;
  }
  return undefined;
};

const titles: Record<MapPickerMode, string> = { point: '选择位置', polygon: '绘制热区' };

/**
 * The switch-row field of a map value: the read-only value and a button that
 * opens the picker in a dialog; confirming writes the value and shows '已选择'.
 */
const MapFieldInput = ({ p, mode }: { p: InputProps; mode: MapPickerMode }) => {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  // the sibling map fields of the same form (a village's location and hot area)
  const form = Form.useFormInstance();
  const siblings = Form.useWatch(
    (v: Record<string, unknown> | undefined) => ({ lonlat: v?.lonlat, geom: v?.geom }),
    form,
  );
  const value = text(p.value);
  const shown = mode === 'polygon' ? geomSummary(value) || (value ? '热区数据无法识别，请重新绘制' : '') : value;
  const viewOnly = p.disabled || p.mode === 'detail';
  const confirm = (r: MapPickerResult) => {
    p.onChange?.(mode === 'point' ? r.lonlat : r.geom);
    setOpen(false);
    void message.success('已选择');
  };
  const fill = mode === 'polygon' ? parseGeom(value) : null;
  return (
    <>
      <Space.Compact style={{ width: '100%' }} id={p.id} data-testid={`map-field-${p.field.prop}`}>
        <Input
          readOnly
          value={shown}
          placeholder={mode === 'point' ? '未选择位置' : '未绘制热区'}
          title={value}
          data-testid={`map-value-${p.field.prop}`}
          data-value={value}
          prefix={
            fill ? (
              <span
                style={{
                  display: 'inline-block',
                  width: 12,
                  height: 12,
                  background: fill.fill,
                  border: `2px solid ${fill.border}`,
                }}
              />
            ) : undefined
          }
        />
        {value && !viewOnly ? (
          <Tooltip title="清空">
            <Button
              icon={<CloseCircleOutlined />}
              onClick={() => p.onChange?.('')}
              aria-label="清空"
              data-testid={`map-reset-${p.field.prop}`}
            />
          </Tooltip>
        ) : null}
        <Button
          icon={viewOnly ? <EyeOutlined /> : mode === 'point' ? <AimOutlined /> : <EditOutlined />}
          disabled={viewOnly && !value}
          onClick={() => setOpen(true)}
          data-testid={`map-open-${p.field.prop}`}
        >
          {viewOnly ? '查看' : titles[mode]}
        </Button>
      </Space.Compact>
      <MapPickerModal
        open={open}
        title={`${p.field.label} - ${viewOnly ? '查看' : titles[mode]}`}
        onClose={() => setOpen(false)}
        mode={mode}
        readOnly={viewOnly}
        value={mode === 'point' ? { lonlat: value } : { geom: value }}
        focus={focusOf(siblings, p.record)}
        referenceGeom={mode === 'point' ? text(siblings?.geom ?? p.record?.geom) : undefined}
        onConfirm={confirm}
      />
    </>
  );
};

export const MapPointInput = (p: InputProps) => <MapFieldInput p={p} mode="point" />;
export const MapPolygonInput = (p: InputProps) => <MapFieldInput p={p} mode="polygon" />;

import { AimOutlined, ClearOutlined, EditOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, ColorPicker, Input, Popover, Segmented, Space, Tooltip, Typography } from 'antd';
import Draw from 'ol/interaction/Draw.js';
import Modify from 'ol/interaction/Modify.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import { useEffect, useRef, useState } from 'react';
import { MAP_CLICK_DEBOUNCE_MS, MAP_RESIZE_DELAY_MS } from './constants.ts';
import { geocode } from './geocode.ts';
import {
  DEFAULT_BORDER,
  DEFAULT_FILL,
  formatGeom,
  formatPoint,
  normalizeColor,
  NOTHING_SELECTED_MSG,
  parseGeom,
  parsePoint,
  pointInRing,
  type LonLat,
} from './geom.ts';
import { MapSettingsForm } from './MapSettingsForm.tsx';
import {
  areaStyle,
  createMap,
  frame,
  ringOf,
  setTileUrl,
  showArea,
  showPoint,
  showReference,
  type MapHandles,
} from './olMap.ts';
import { tileUrlOf, useMapSettings, type MapLayerIndex } from './settings.ts';
import type { MapPickerProps } from './types.ts';

type Tool = 'polygon' | 'point' | null;

const initialOf = ({ mode, value, focus, referenceGeom }: MapPickerProps) => {
  const g = mode === 'polygon' ? parseGeom(value?.geom) : null;
  // a hot area's location is its stored centre; a point picker's is the lonlat value
  const rawCentre = g ? (value?.geom ?? '').split('--')[1] : undefined;
  const point = mode === 'point' ? parsePoint(value?.lonlat) : g ? parsePoint(rawCentre) : null;
  return {
    ring: g?.ring ?? null,
    point,
    fill: g?.fill ?? DEFAULT_FILL,
    border: g?.border ?? DEFAULT_BORDER,
    focus: parsePoint(focus) ?? (mode === 'polygon' ? parsePoint(value?.lonlat) : null),
    reference: parseGeom(referenceGeom)?.ring ?? null,
  };
};

/**
 * The map tool: draw the hot area (polygon) or select the location (point),
 * clear, confirm, fill and border colours with alpha, address search, plane/satellite. Point mode
 * shows only select-location. Loaded lazily (OpenLayers stays out of the shell's chunks).
 */
export const MapPicker = (props: MapPickerProps) => {
  const { mode, readOnly, height = 480, onConfirm, onCancel } = props;
  const { message } = App.useApp();
  const settings = useMapSettings();
  const [initial] = useState(() => initialOf(props));
  const [ring, setRing] = useState<LonLat[] | null>(initial.ring);
  const [point, setPoint] = useState<LonLat | null>(initial.point);
  const [fill, setFill] = useState(initial.fill);
  const [border, setBorder] = useState(initial.border);
  const [tool, setTool] = useState<Tool>(
    readOnly ? null : mode === 'point' ? 'point' : initial.ring ? null : 'polygon',
  );
  const [tilesFailed, setTilesFailed] = useState(false);
  const [searching, setSearching] = useState(false);
  const target = useRef<HTMLDivElement>(null);
  const handles = useRef<MapHandles | null>(null);
  const toolRef = useRef<Tool>(tool);
  const initialRef = useRef(initial);
  const tileUrl = tileUrlOf(settings, settings.layer);
  const tileUrlRef = useRef(tileUrl);

  useEffect(() => {
    toolRef.current = tool;
  }, [tool]);

  // the map itself: created once, disposed on unmount
  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const init = initialRef.current;
    const h = createMap(el, tileUrlRef.current, init.fill, init.border, setTilesFailed);
    handles.current = h;
    showArea(h, init.ring);
    showPoint(h, init.point);
    showReference(h, init.reference);
    frame(h, init.ring ?? (init.point ? null : init.reference), init.point, init.focus);
    // dialogs animate in: measure again once they have their size (500 ms)
    const resizeTimer = setTimeout(() => {
      h.map.updateSize();
      frame(h, init.ring ?? (init.point ? null : init.reference), init.point, init.focus);
    }, MAP_RESIZE_DELAY_MS);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => h.map.updateSize());
    observer?.observe(el);
    // a single click picks the location after 200 ms unless it turns out to be a double click
    let clickTimer: ReturnType<typeof setTimeout> | undefined;
    const onClick = (e: MapBrowserEvent) => {
      if (toolRef.current !== 'point') return;
      const c = e.coordinate;
      clearTimeout(clickTimer);
      clickTimer = setTimeout(() => setPoint(parsePoint([c[0], c[1]])), MAP_CLICK_DEBOUNCE_MS);
    };
    const onDblClick = () => clearTimeout(clickTimer);
    h.map.on('click', onClick);
    h.map.on('dblclick', onDblClick);
    return () => {
      clearTimeout(resizeTimer);
      clearTimeout(clickTimer);
      observer?.disconnect();
      h.map.un('click', onClick);
      h.map.un('dblclick', onDblClick);
      h.map.setTarget(undefined);
      handles.current = null;
    };
  }, []);

  // drawing: a new polygon replaces the old one; its vertices can be dragged
  useEffect(() => {
    const h = handles.current;
    if (!h || tool !== 'polygon') return;
    const draw = new Draw({ type: 'Polygon', style: areaStyle(fill, border) });
    const modify = new Modify({ source: h.area });
    draw.on('drawend', (e) => {
      const next = ringOf(e.feature);
      if (!next) return;
      setRing(next);
      setPoint((p) => (p && !pointInRing(p, next) ? null : p));
    });
    modify.on('modifyend', (e) => {
      const f = e.features.item(0);
      const next = f ? ringOf(f) : null;
      if (next) setRing(next);
    });
    h.map.addInteraction(modify);
    h.map.addInteraction(draw);
    return () => {
      h.map.removeInteraction(draw);
      h.map.removeInteraction(modify);
    };
  }, [tool, fill, border]);

  useEffect(() => {
    if (handles.current) showArea(handles.current, ring);
  }, [ring]);
  useEffect(() => {
    if (handles.current) showPoint(handles.current, point);
  }, [point]);
  useEffect(() => {
    handles.current?.areaLayer.setStyle(areaStyle(fill, border));
  }, [fill, border]);
  useEffect(() => {
    tileUrlRef.current = tileUrl;
    if (handles.current) setTileUrl(handles.current, tileUrl);
  }, [tileUrl]);

  const clear = () => {
    setRing(null);
    setPoint(null);
    if (mode === 'polygon') setTool('polygon');
  };

  const confirm = () => {
    if (mode === 'point') {
      if (!point) return void message.warning(NOTHING_SELECTED_MSG);
      onConfirm?.({ lonlat: formatPoint(point), geom: '' });
      return;
    }
    if (!ring) return void message.warning(NOTHING_SELECTED_MSG);
    onConfirm?.({ geom: formatGeom({ ring, centre: point, fill, border }), lonlat: point ? formatPoint(point) : '' });
  };

  const search = async (keyword: string) => {
    if (!keyword.trim()) return;
    setSearching(true);
    const r = await geocode(settings.searchUrl, settings.searchKey, keyword);
    setSearching(false);
    if (!r.ok) return void message.warning(r.message);
    if (handles.current) frame(handles.current, null, r.point, null, true);
    if (!readOnly && (mode === 'point' || tool === 'point')) setPoint(r.point);
    void message.success(r.name ? `已定位到：${r.name}` : '已定位');
  };

  const colour = (set: (v: string) => void, fallback: string) => (c: { toRgbString: () => string }) =>
    set(normalizeColor(c.toRgbString()) ?? fallback);

  return (
    <div data-testid="map-picker" data-mode={mode} data-tool={tool ?? ''}>
      <Space wrap size={[8, 8]} style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap size={8}>
          {!readOnly && mode === 'polygon' ? (
            <Button
              type={tool === 'polygon' ? 'primary' : 'default'}
              icon={<EditOutlined />}
              onClick={() => setTool('polygon')}
              data-testid="map-draw-polygon"
            >
              绘制热区
            </Button>
          ) : null}
          {!readOnly ? (
            <Button
              type={tool === 'point' ? 'primary' : 'default'}
              icon={<AimOutlined />}
              onClick={() => setTool('point')}
              data-testid="map-select-point"
            >
              选择位置
            </Button>
          ) : null}
          {!readOnly ? (
            <Button icon={<ClearOutlined />} onClick={clear} data-testid="map-clear">
              清除
            </Button>
          ) : null}
          {!readOnly && mode === 'polygon' ? (
            <>
              <span data-testid="map-fill-color">
                <ColorPicker value={fill} onChange={colour(setFill, DEFAULT_FILL)} showText={() => '背景色'} />
              </span>
              <span data-testid="map-line-color">
                <ColorPicker value={border} onChange={colour(setBorder, DEFAULT_BORDER)} showText={() => '线条色'} />
              </span>
            </>
          ) : null}
        </Space>
        <Space wrap size={8}>
          <Input.Search
            placeholder="搜索地址"
            allowClear
            enterButton
            loading={searching}
            onSearch={(v) => void search(v)}
            style={{ width: 220 }}
            data-testid="map-search"
          />
          <Segmented<MapLayerIndex>
            value={settings.layer}
            onChange={(v) => settings.update({ layer: v })}
            options={[
              { label: '平面', value: 0 },
              { label: '卫星', value: 1 },
            ]}
            data-testid="map-layer-toggle"
          />
          <Popover
            trigger="click"
            placement="bottomRight"
            title="地图服务设置"
            content={<MapSettingsForm />}
            destroyOnHidden
          >
            <Tooltip title="地图服务设置">
              <Button icon={<SettingOutlined />} aria-label="地图服务设置" data-testid="map-settings" />
            </Tooltip>
          </Popover>
        </Space>
      </Space>
      <div style={{ position: 'relative' }}>
        <div
          ref={target}
          data-testid="map-canvas"
          style={{ height, width: '100%', border: '1px solid #e5e7eb', borderRadius: 4, overflow: 'hidden' }}
        />
        {tilesFailed ? (
          <Typography.Text
            type="secondary"
            style={{
              position: 'absolute',
              left: 40,
              top: 8,
              background: 'rgba(255,255,255,0.9)',
              padding: '0 6px',
              fontSize: 12,
            }}
            data-testid="map-tiles-offline"
          >
            底图未能加载（无网络或地址不可用），地图仍可绘制与选点
          </Typography.Text>
        ) : null}
      </div>
      <Space style={{ marginTop: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary" data-testid="map-status">
          {mode === 'polygon' ? (ring ? `热区 ${ring.length} 个点` : '未绘制热区') : null}
          {mode === 'polygon' ? ' · ' : null}
          {point ? `位置 ${formatPoint(point)}` : '未选择位置'}
          {!readOnly && tool === 'polygon' ? ' · 单击添加顶点，双击或点击起点完成，拖动顶点可调整' : null}
          {!readOnly && tool === 'point' ? ' · 单击地图选择位置' : null}
        </Typography.Text>
        {!readOnly ? (
          <Space>
            {onCancel ? <Button onClick={onCancel}>取消</Button> : null}
            <Button type="primary" onClick={confirm} data-testid="map-confirm">
              确定
            </Button>
          </Space>
        ) : null}
      </Space>
    </div>
  );
};

import { SettingOutlined } from '@ant-design/icons';
import { Button, Popover, Segmented, Space, Tooltip, Typography } from 'antd';
import Feature from 'ol/Feature.js';
import { boundingExtent } from 'ol/extent.js';
import Point from 'ol/geom/Point.js';
import Polygon from 'ol/geom/Polygon.js';
import VectorLayer from 'ol/layer/Vector.js';
import type MapBrowserEvent from 'ol/MapBrowserEvent.js';
import VectorSource from 'ol/source/Vector.js';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style.js';
import { useEffect, useRef, useState } from 'react';
import { MAP_LOCATION_ZOOM, MAP_MAX_ZOOM } from '../map/constants.ts';
import { DEFAULT_BORDER, DEFAULT_FILL } from '../map/geom.ts';
import { MapSettingsForm } from '../map/MapSettingsForm.tsx';
import { createMap, setTileUrl, type MapHandles } from '../map/olMap.ts';
import { tileUrlOf, useMapSettings, type MapLayerIndex } from '../map/settings.ts';
import { marksExtentPoints, type VillageMark } from './apictureLogic.ts';

/** dashboards draw hot areas thinner than the editing tool */
const AREA_BORDER = 2;

const markerStyle = (name: string, active: boolean) =>
  new Style({
    image: new Circle({
      radius: active ? 10 : 8,
      fill: new Fill({ color: active ? '#fa541c' : '#1677ff' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
    text: new Text({
      text: name,
      offsetY: -20,
      font: '13px sans-serif',
      fill: new Fill({ color: '#1f1f1f' }),
      stroke: new Stroke({ color: '#fff', width: 3 }),
    }),
  });

const areaStyleOf = (m: VillageMark) =>
  new Style({
    fill: new Fill({ color: m.fill || DEFAULT_FILL }),
    stroke: new Stroke({ color: m.border || DEFAULT_BORDER, width: AREA_BORDER }),
  });

type Props = {
  marks: VillageMark[];
  /** the village to centre on (the dropdown's choice) */
  focusId?: number;
  onPick: (id: number) => void;
};

/**
 * The villages on the map tool's OpenLayers map: a labelled marker each and its hot area. The map's
 * background and graticule draw without tiles, so the page works offline; the tile source is the
 * map tool's setting (plane / satellite, per browser).
 */
export const APictureMap = ({ marks, focusId, onPick }: Props) => {
  const settings = useMapSettings();
  const [tilesFailed, setTilesFailed] = useState(false);
  const target = useRef<HTMLDivElement>(null);
  const handles = useRef<MapHandles | null>(null);
  const source = useRef(new VectorSource());
  const pick = useRef(onPick);
  const tileUrl = tileUrlOf(settings, settings.layer);
  const tileUrlRef = useRef(tileUrl);

  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const h = createMap(el, tileUrlRef.current, DEFAULT_FILL, DEFAULT_BORDER, setTilesFailed);
    handles.current = h;
    h.map.addLayer(new VectorLayer({ source: source.current, zIndex: 10 }));
    const onClick = (e: MapBrowserEvent) => {
      const f = h.map.forEachFeatureAtPixel(e.pixel, (x) => x, { hitTolerance: 4 });
      const id: unknown = f?.get('villageId');
      if (typeof id === 'number') pick.current(id);
    };
    const onMove = (e: MapBrowserEvent) => {
      el.style.cursor = h.map.hasFeatureAtPixel(e.pixel, { hitTolerance: 4 }) ? 'pointer' : '';
    };
    h.map.on('click', onClick);
    h.map.on('pointermove', onMove);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => h.map.updateSize());
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      h.map.un('click', onClick);
      h.map.un('pointermove', onMove);
      h.map.setTarget(undefined);
      handles.current = null;
    };
  }, []);

  useEffect(() => {
    if (!handles.current || tileUrlRef.current === tileUrl) return;
    tileUrlRef.current = tileUrl;
    setTilesFailed(false);
    setTileUrl(handles.current, tileUrl);
  }, [tileUrl]);

  // the villages, redrawn when the list or the focused one changes; the first list frames them all
  const framed = useRef(false);
  useEffect(() => {
    const src = source.current;
    src.clear();
    for (const m of marks) {
      if (m.ring) {
        const area = new Feature(new Polygon([[...m.ring, m.ring[0]!]]));
        area.set('villageId', m.id);
        area.setStyle(areaStyleOf(m));
        src.addFeature(area);
      }
      if (m.point) {
        const marker = new Feature(new Point(m.point));
        marker.set('villageId', m.id);
        marker.setStyle(markerStyle(m.name, m.id === focusId));
        src.addFeature(marker);
      }
    }
    const h = handles.current;
    const points = marksExtentPoints(marks);
    if (h && !framed.current && points.length) {
      framed.current = true;
      h.map.getView().fit(boundingExtent(points), { padding: [80, 80, 80, 80], maxZoom: MAP_LOCATION_ZOOM });
    }
  }, [marks, focusId]);

  useEffect(() => {
    const h = handles.current;
    const m = marks.find((x) => x.id === focusId);
    if (!h || !m) return;
    const view = h.map.getView();
    if (m.ring) view.fit(boundingExtent(m.ring), { padding: [80, 80, 80, 80], maxZoom: MAP_MAX_ZOOM, duration: 300 });
    else if (m.point) view.animate({ center: m.point, zoom: Math.max(view.getZoom() ?? 0, 15), duration: 300 });
  }, [focusId, marks]);

  return (
    <div style={{ position: 'absolute', inset: 0 }}>
      <div ref={target} style={{ position: 'absolute', inset: 0 }} data-testid="apicture-map" />
      <Space style={{ position: 'absolute', right: 12, bottom: 12 }}>
        {tilesFailed ? <Typography.Text type="secondary">底图无法加载，仅显示小区位置</Typography.Text> : null}
        <Segmented<MapLayerIndex>
          size="small"
          value={settings.layer}
          options={[
            { label: '平面', value: 0 },
            { label: '卫星', value: 1 },
          ]}
          onChange={(layer) => settings.update({ layer })}
        />
        <Popover trigger="click" placement="topRight" content={<MapSettingsForm />} destroyOnHidden>
          <Tooltip title="地图服务设置">
            <Button size="small" icon={<SettingOutlined />} aria-label="地图服务设置" />
          </Tooltip>
        </Popover>
      </Space>
    </div>
  );
};

import type { ApictureLayerKey, ApictureSearchHit } from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../../api/call.ts';
import type { PageProps } from '../../app/pages/pageTypes.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { areaMarks, ScreenHeader, ScreenStage } from '../bigscreen/index.ts';
import { LayerMap, type LayerFocus } from '../bigscreen/LayerMap.tsx';
import { mapBaseKinds, mapBaseTitles, NO_TILES, type MapBaseKind } from '../bigscreen/mapBase.ts';
import type { MeasureKind } from '../bigscreen/measure.ts';
import { DispatchPanel, type DispatchTarget } from './DispatchPanel.tsx';
import { countCards, DEFAULT_LAYERS, layerPoints, togglePanel, type SidePanel } from './logic.ts';
import { MarkDialog, type MarkTarget } from './MarkDialog.tsx';
import { AlertPanel, IntroPanel, LayerPanel, SearchPanel } from './panels.tsx';
import { box, button, muted } from './styles.ts';

const TITLE = '一张图物业数据';

/**
 * 一张图: the caller's villages on the kit's layered map (an operator's companies', a company's own, a village-scoped
 * user's villages — the server decides), the chosen village's layers, its figures, the precise search, the alerts and
 * 派单, and measuring. A full-screen 1920×1080 stage that scales to any screen.
 */
export const APicturePage = (_props: Partial<PageProps>) => {
  useDocumentTitle(TITLE);
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['apicture'], queryFn: () => call(dashboardApi.apicture, {}) });
  const list = q.data?.villageList;
  const [vid, setVid] = useState(0);
  // the first village is opened when the list arrives, so its layers show at once
  useEffect(() => {
    if (list?.length) setVid((v) => v || list[0]!.id);
  }, [list]);
  const [side, setSide] = useState<SidePanel | null>(null);
  const [target, setTarget] = useState<DispatchTarget | null>(null);
  const [layersOpen, setLayersOpen] = useState(false);
  const [alertsOpen, setAlertsOpen] = useState(false);
  const [shown, setShown] = useState<ReadonlySet<ApictureLayerKey>>(DEFAULT_LAYERS);
  const [base, setBase] = useState<MapBaseKind>('plane');
  const [measure, setMeasure] = useState<MeasureKind | null>(null);
  const [reading, setReading] = useState('');
  const [mark, setMark] = useState<MarkTarget | null>(null);
  const [focus, setFocus] = useState<LayerFocus>(null);

  const info = useQuery({
    queryKey: ['apicture-village', vid],
    queryFn: () => call(dashboardApi.apictureVillage, { vid }),
    enabled: vid > 0 && side === 'intro',
  });
  const layers = useQuery({
    queryKey: ['apicture-layers', vid],
    queryFn: () => call(dashboardApi.apictureLayers, { vid }),
    enabled: vid > 0,
  });
  const alerts = useQuery({
    queryKey: ['apicture-alerts', vid],
    queryFn: () => call(dashboardApi.apictureAlerts, { vid }),
    enabled: alertsOpen,
  });

  const areas = useMemo(() => areaMarks(list ?? [], () => '#37c6ff'), [list]);
  const points = useMemo(() => (vid ? layerPoints(layers.data, shown, areas) : []), [vid, layers.data, shown, areas]);
  const open = (p: SidePanel) => setSide((s) => togglePanel(s, p));
  const show = (k: ApictureLayerKey) =>
    setShown((s) => {
      const next = new Set(s);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });
  const toMeasure = (k: MeasureKind) => {
    setReading('');
    setMeasure((m) => (m === k ? null : k));
  };
  const dispatch = (t: DispatchTarget) => {
    setTarget(t);
    setSide('dispatch');
  };
  const onHit = (h: ApictureSearchHit) => {
    setVid(h.villageId);
    if (h.type === 'village') {
      setMark({ kind: 'village', id: h.villageId });
      return;
    }
    const kind = h.type === 'building' ? 'building' : h.type === 'person' ? 'resident' : (h.kind ?? 'door');
    setShown((s) => new Set([...s, kind]));
    setFocus({ kind, id: h.id });
    setMark({ kind, id: h.id });
  };

  const tools: [string, boolean, () => void, string][] = [
    ['小区简介', side === 'intro', () => open('intro'), 'intro'],
    ['图层', layersOpen, () => setLayersOpen((o) => !o), 'layers'],
    ['搜索', side === 'search', () => open('search'), 'search'],
    ['异常预警', alertsOpen, () => setAlertsOpen((o) => !o), 'alerts'],
    ['测量面积', measure === 'area', () => toMeasure('area'), 'measure-area'],
    ['测量距离', measure === 'length', () => toMeasure('length'), 'measure-length'],
  ];

  return (
    <div style={{ height: '100vh', minHeight: 420 }} data-testid="apicture">
      <ScreenStage testId="apicture-screen">
        <div style={{ position: 'absolute', left: 0, top: 80, right: 0, bottom: 0 }}>
          <LayerMap
            areas={shown.has('village') ? areas : []}
            points={points}
            base={base}
            tiles={q.data?.tiles ?? NO_TILES}
            frameId={vid || undefined}
            focus={focus}
            measure={measure}
            onMeasure={setReading}
            onArea={(id) => {
              setVid(id);
              setMark({ kind: 'village', id });
            }}
            onPoint={(kind, id) => {
              setFocus({ kind, id });
              setMark({ kind: kind as MarkTarget['kind'], id });
            }}
            testId="apicture-map"
          />
        </div>
        <ScreenHeader
          title={TITLE}
          standalone
          villages={list ?? []}
          vid={vid}
          onVid={(v) => {
            setVid(v);
            setFocus(null);
          }}
          testId="apicture"
        />
        <nav style={{ position: 'absolute', left: 20, top: 88, display: 'flex', gap: 10, zIndex: 7 }}>
          {tools.map(([title, on, act, key]) => (
            <button key={key} type="button" style={button(on)} onClick={act} data-testid={`apicture-tool-${key}`}>
              {title}
            </button>
          ))}
        </nav>
        <div className="bs-toggle" role="radiogroup" style={{ position: 'absolute', right: 20, top: 92, zIndex: 7 }}>
          {mapBaseKinds.map((k) => (
            <button
              key={k}
              type="button"
              role="radio"
              aria-checked={k === base}
              className={k === base ? 'bs-toggle-on' : undefined}
              onClick={() => setBase(k)}
              data-testid={`apicture-base-${k}`}
            >
              {mapBaseTitles[k]}
            </button>
          ))}
        </div>
        {q.isError ? (
          <div style={{ ...box, left: 660, top: 140, padding: 16, color: '#ff5b5b' }} data-testid="apicture-error">
            {(q.error as Error).message}
          </div>
        ) : null}
        {side === 'intro' ? <IntroPanel info={vid ? info.data : undefined} onClose={() => setSide(null)} /> : null}
        {side === 'search' ? <SearchPanel onHit={onHit} onClose={() => setSide(null)} /> : null}
        {side === 'dispatch' && target ? (
          <DispatchPanel
            key={`${target.source}-${target.id}`}
            target={target}
            onDone={() => {
              void client.invalidateQueries({ queryKey: ['apicture-alerts'] });
              void client.invalidateQueries({ queryKey: ['apicture-layers'] });
              void client.invalidateQueries({ queryKey: ['apicture-mark'] });
            }}
            onClose={() => setSide(null)}
          />
        ) : null}
        {layersOpen ? <LayerPanel layers={vid ? layers.data : undefined} shown={shown} onToggle={show} /> : null}
        {alertsOpen ? (
          <AlertPanel
            alerts={alerts.data}
            loading={alerts.isPending}
            mayDispatch={!!q.data?.mayDispatch}
            onDispatch={(a) => dispatch({ source: 'alert', id: a.id, villageId: a.villageId, title: a.title })}
            onClose={() => setAlertsOpen(false)}
          />
        ) : null}
        {mark ? (
          <MarkDialog
            key={`${mark.kind}-${mark.id}`}
            target={mark}
            mayDispatch={!!q.data?.mayDispatch}
            onDispatch={(d) => {
              setMark(null);
              dispatch({ source: 'repair', ...d });
            }}
            onClose={() => setMark(null)}
          />
        ) : null}
        {measure ? (
          <div
            style={{ ...box, left: 760, bottom: 24, width: 400, padding: '10px 16px', textAlign: 'center' }}
            data-testid="apicture-measure"
          >
            <span style={{ color: muted }}>{measure === 'area' ? '面积' : '距离'}：</span>
            <b style={{ color: '#ffb020', fontSize: 20 }} data-testid="apicture-measure-reading">
              {reading || '单击地图开始，双击结束'}
            </b>
          </div>
        ) : null}
        <div
          style={{ position: 'absolute', left: 20, bottom: 20, display: 'flex', gap: 18, zIndex: 5 }}
          data-testid="apicture-counts"
        >
          {countCards(q.data?.counts).map((c) => (
            <div
              key={c.key}
              style={{ ...box, position: 'relative', padding: '6px 12px' }}
              data-testid={`apicture-count-${c.key}`}
            >
              <div style={{ color: muted, fontSize: 12 }}>{c.title}</div>
              <b className="bs-number" style={{ fontSize: 20, color: '#37c6ff' }}>
                {c.num}
              </b>
              <small style={{ color: muted, marginLeft: 3 }}>{c.unit}</small>
            </div>
          ))}
        </div>
      </ScreenStage>
    </div>
  );
};

import {
  apictureSearchTitles,
  apictureSearchTypes,
  type ApictureAlert,
  type ApictureLayerKey,
  type ApictureLayers,
  type ApictureSearchHit,
  type ApictureSearchType,
  type ApictureVillageInfo,
} from '@5a/contracts';
import { dashboardApi } from '@5a/contracts/endpoints/dashboard';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { call } from '../../api/call.ts';
import { hitWhere, INTRO_TABS, introFigures, layerOptions, LAYER_LOOK, type IntroTab } from './logic.ts';
import { box, button, head, input, muted } from './styles.ts';

const Close = ({ onClose }: { onClose: () => void }) => (
  <button
    type="button"
    onClick={onClose}
    aria-label="关闭"
    style={{ background: 'none', border: 0, color: '#9fb9dd', cursor: 'pointer', fontSize: 16 }}
  >
    ✕
  </button>
);

export const SideBox = ({
  title,
  onClose,
  children,
  testId,
  top = 140,
  height,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
  top?: number;
  height?: number;
}) => (
  <section style={{ ...box, left: 20, top, width: 420, height }} data-testid={testId}>
    <div style={head}>
      <span>{title}</span>
      <Close onClose={onClose} />
    </div>
    <div style={{ padding: 14 }}>{children}</div>
  </section>
);

const Tabs = <T extends string>({
  items,
  value,
  onChange,
  testId,
}: {
  items: readonly { key: T; title: string }[];
  value: T;
  onChange: (k: T) => void;
  testId: string;
}) => (
  <div className="bs-toggle" role="tablist" style={{ marginBottom: 12 }} data-testid={testId}>
    {items.map((t) => (
      <button
        key={t.key}
        type="button"
        role="tab"
        aria-selected={t.key === value}
        className={t.key === value ? 'bs-toggle-on' : undefined}
        onClick={() => onChange(t.key)}
      >
        {t.title}
      </button>
    ))}
  </div>
);

/** 小区简介: the chosen village's figures under 管理数据 / 服务数据 / 感知数据. */
export const IntroPanel = ({ info, onClose }: { info: ApictureVillageInfo | undefined; onClose: () => void }) => {
  const [tab, setTab] = useState<IntroTab>('manage');
  return (
    <SideBox title={info ? `小区简介 · ${info.name}` : '小区简介'} onClose={onClose} testId="apicture-intro">
      {info ? (
        <>
          <div style={{ color: muted, marginBottom: 10, lineHeight: '22px' }}>
            {info.tenantName} · {info.regionName || '-'}
            <br />
            {info.address || '-'}
          </div>
          <Tabs items={INTRO_TABS} value={tab} onChange={setTab} testId="apicture-intro-tabs" />
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 10 }}>
            {introFigures(info, tab).map((f) => (
              <div
                key={f.key}
                style={{ padding: '8px 10px', background: 'rgba(55,198,255,0.08)', borderRadius: 3 }}
                data-testid={`apicture-fig-${f.key}`}
              >
                <div style={{ color: muted, fontSize: 13 }}>{f.title}</div>
                <div style={{ fontSize: 24, color: '#37c6ff' }} className="bs-number">
                  {f.num}
                  <small style={{ fontSize: 13, marginLeft: 4, color: muted }}>{f.unit}</small>
                </div>
              </div>
            ))}
          </div>
        </>
      ) : (
        <div style={{ color: muted }}>请选择小区</div>
      )}
    </SideBox>
  );
};

/** 图层: each layer switched on or off, with how many it holds. */
export const LayerPanel = ({
  layers,
  shown,
  onToggle,
}: {
  layers: ApictureLayers | undefined;
  shown: ReadonlySet<ApictureLayerKey>;
  onToggle: (k: ApictureLayerKey) => void;
}) => (
  <section style={{ ...box, left: 250, top: 140, width: 260, padding: '8px 0' }} data-testid="apicture-layers">
    {layerOptions(layers).map((o) => (
      <label
        key={o.key}
        style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '6px 16px', cursor: 'pointer' }}
      >
        <input
          type="checkbox"
          checked={shown.has(o.key)}
          onChange={() => onToggle(o.key)}
          data-testid={`apicture-layer-${o.key}`}
        />
        <span
          style={{
            width: 12,
            height: 12,
            borderRadius: 6,
            background: o.key === 'village' ? '#37c6ff' : LAYER_LOOK[o.key].color,
          }}
        />
        <span style={{ flex: 1 }}>{o.title}</span>
        {o.count !== null ? (
          <span style={{ color: muted }} title={o.truncated ? '只显示前 500 个' : undefined}>
            {o.count}
            {o.truncated ? '+' : ''}
          </span>
        ) : null}
      </label>
    ))}
  </section>
);

/** 搜索: the precise search over villages, buildings, people and device names of the caller's villages. */
export const SearchPanel = ({ onHit, onClose }: { onHit: (h: ApictureSearchHit) => void; onClose: () => void }) => {
  const [type, setType] = useState<ApictureSearchType>('village');
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const q = useQuery({
    queryKey: ['apicture-search', type, name],
    queryFn: () => call(dashboardApi.apictureSearch, { name, type }),
  });
  return (
    <SideBox title="精确搜索" onClose={onClose} testId="apicture-search">
      <Tabs
        items={apictureSearchTypes.map((t) => ({ key: t, title: apictureSearchTitles[t] }))}
        value={type}
        onChange={setType}
        testId="apicture-search-tabs"
      />
      <form
        style={{ display: 'flex', gap: 8 }}
        onSubmit={(e) => {
          e.preventDefault();
          setName(text.trim());
        }}
      >
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={`搜索${apictureSearchTitles[type]}`}
          maxLength={50}
          style={{ ...input, flex: 1 }}
          data-testid="apicture-search-input"
        />
        <button type="submit" style={button(false)} data-testid="apicture-search-go">
          搜索
        </button>
      </form>
      <div style={{ maxHeight: 560, overflow: 'auto', marginTop: 10 }}>
        {q.isFetching ? <div style={{ color: muted }}>加载中…</div> : null}
        {q.data && !q.data.length ? <div style={{ color: muted }}>暂无数据</div> : null}
        {q.data?.map((h) => (
          <div
            key={`${h.type}-${h.kind ?? ''}-${h.id}`}
            onClick={() => onHit(h)}
            style={{ padding: '8px 4px', borderBottom: '1px solid rgba(64,158,255,0.15)', cursor: 'pointer' }}
            data-testid="apicture-hit"
          >
            <div>{h.name}</div>
            <div style={{ color: muted, fontSize: 13 }}>{hitWhere(h) || ' '}</div>
          </div>
        ))}
      </div>
    </SideBox>
  );
};

/** 异常预警: the alerts of the caller's villages, open ones first; an open one can be dispatched. */
export const AlertPanel = ({
  alerts,
  loading,
  mayDispatch,
  onDispatch,
  onClose,
}: {
  alerts: ApictureAlert[] | undefined;
  loading: boolean;
  mayDispatch: boolean;
  onDispatch: (a: ApictureAlert) => void;
  onClose: () => void;
}) => (
  <section style={{ ...box, right: 20, top: 140, width: 440, maxHeight: 900 }} data-testid="apicture-alerts">
    <div style={head}>
      <span>异常预警</span>
      <Close onClose={onClose} />
    </div>
    <div style={{ maxHeight: 840, overflow: 'auto', padding: '4px 14px' }}>
      {loading ? <div style={{ color: muted, padding: 10 }}>加载中…</div> : null}
      {alerts && !alerts.length ? (
        <div style={{ color: muted, padding: 20, textAlign: 'center' }} data-testid="apicture-alerts-empty">
          暂无告警
        </div>
      ) : null}
      {alerts?.map((a) => (
        <div
          key={a.id}
          style={{ padding: '10px 0', borderBottom: '1px solid rgba(64,158,255,0.15)' }}
          data-testid="apicture-alert"
        >
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
            <span style={{ color: a.handled === 2 ? '#ff8a8a' : '#d6e6ff' }}>{a.title}</span>
            {a.orderId ? (
              <span style={{ color: '#4be3a5', whiteSpace: 'nowrap' }}>已派单 #{a.orderId}</span>
            ) : a.handled === 2 && mayDispatch ? (
              <button
                type="button"
                style={{ ...button(false), height: 28, padding: '0 10px', fontSize: 13 }}
                onClick={() => onDispatch(a)}
                data-testid="apicture-alert-dispatch"
              >
                派单
              </button>
            ) : (
              <span style={{ color: muted, whiteSpace: 'nowrap' }}>{a.handled === 1 ? '已处理' : '未处理'}</span>
            )}
          </div>
          <div style={{ color: muted, fontSize: 13 }}>
            {a.typeName} · {a.villageName} · {a.createTime}
          </div>
        </div>
      ))}
    </div>
  </section>
);

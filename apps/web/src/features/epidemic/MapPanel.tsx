import type {
  EpidemicDevice,
  EpidemicScreen,
  EpidemicSearch,
  EpidemicSearchHit,
} from '@5a/contracts/endpoints/epidemic';
import { epidemicApi } from '@5a/contracts/endpoints/epidemic';
import { useQuery } from '@tanstack/react-query';
import { useContext, useMemo, useState } from 'react';
import { call } from '../../api/call.ts';
import { send } from '../../api/http.ts';
import { PermsContext } from '../../engine/perm/context.ts';
import { Panel, type Place } from '../bigscreen/index.ts';
import { EpidemicMap } from './EpidemicMap.tsx';
import { deviceMarks, DEVICE_TYPE_TEXT, DIRECTION_TEXT, villageMarks } from './logic.ts';

/** the door list's own detail call (门禁管理's), read when the caller holds that page */
const DOOR_DETAIL = '/Web/Internet/AccessControlManagement/detail?return=result';
const DOOR_RIGHT = 'AccessControlManagement:view';

type Focus = { kind: 'village' | 'door'; id: number } | null;

const overlay = {
  position: 'absolute',
  zIndex: 5,
  background: 'rgba(6,18,43,0.9)',
  border: '1px solid rgba(64,158,255,0.5)',
} as const;

const DoorDetail = ({ door, onClose }: { door: EpidemicDevice; onClose: () => void }) => {
  const perms = useContext(PermsContext);
  const q = useQuery({
    queryKey: ['epidemic', 'door', door.id],
    queryFn: () => send<Record<string, unknown>>(DOOR_DETAIL, { id: door.id }),
    enabled: !!perms?.includes(DOOR_RIGHT),
    retry: false,
  });
  const serial = typeof q.data?.serial_no === 'string' ? q.data.serial_no : '';
  const basic = [
    DEVICE_TYPE_TEXT[door.device_type],
    door.model,
    door.path,
    serial && `序列号 ${serial}`,
    door.online === 1 ? '在线' : '离线',
  ]
    .filter(Boolean)
    .join(' · ');
  const rows: [string, string][] = [
    ['所属小区', door.village_name],
    ['设备名称', door.name],
    ['设备编号', door.gateno],
    ['方向', DIRECTION_TEXT[door.direction] ?? '-'],
    ['基本信息', basic],
    ['维护人', door.worker || '-'],
    ['维护人电话', door.workerphone || '-'],
  ];
  return (
    <div
      style={{ ...overlay, left: 12, bottom: 12, width: 360, padding: '10px 14px' }}
      data-testid="epidemic-door-detail"
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 6 }}>
        <b style={{ color: '#37c6ff', fontSize: 16 }}>门禁详情</b>
        <a style={{ color: '#9fb9dd', cursor: 'pointer' }} onClick={onClose} aria-label="关闭">
          ✕
        </a>
      </div>
      {rows.map(([k, v]) => (
        <div key={k} style={{ display: 'flex', lineHeight: '26px' }}>
          <span style={{ width: 84, color: '#7f9cc7', flex: 'none' }}>{k}</span>
          <span>{v}</span>
        </div>
      ))}
    </div>
  );
};

const SearchBox = ({
  vid,
  onHit,
}: {
  vid: number;
  onHit: (kind: 'village' | 'door', h: EpidemicSearchHit) => void;
}) => {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const q = useQuery({
    queryKey: ['epidemic', 'search', vid, name],
    queryFn: () => call(epidemicApi.search, { name, vid }),
    enabled: name !== '',
  });
  const groups: [keyof EpidemicSearch, string, 'village' | 'door'][] = [
    ['villagelist', '小区', 'village'],
    ['devicelist', '设备', 'door'],
    ['personlist', '人员', 'village'],
  ];
  const hits = q.data ? groups.flatMap(([k, title, kind]) => q.data[k].map((h) => ({ h, title, kind }))) : [];
  return (
    <div style={{ ...overlay, left: 48, top: 12, width: 320 }} data-testid="epidemic-search">
      <form
        style={{ display: 'flex' }}
        onSubmit={(e) => {
          e.preventDefault();
          setName(text.trim());
        }}
      >
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="搜索小区、设备、人员名称"
          maxLength={50}
          data-testid="epidemic-search-input"
          style={{
            flex: 1,
            height: 34,
            padding: '0 10px',
            background: 'transparent',
            border: 0,
            color: '#e8f3ff',
            outline: 'none',
          }}
        />
        <button
          type="submit"
          style={{ width: 64, border: 0, background: 'rgba(55,198,255,0.35)', color: '#fff', cursor: 'pointer' }}
        >
          搜索
        </button>
      </form>
      {name ? (
        <div style={{ maxHeight: 260, overflow: 'auto', borderTop: '1px solid rgba(64,158,255,0.3)' }}>
          {q.isFetching ? <div className="bs-empty">搜索中…</div> : null}
          {!q.isFetching && hits.length === 0 ? <div className="bs-empty">未找到</div> : null}
          {hits.map(({ h, title, kind }) => (
            <div
              key={`${title}-${h.id}`}
              style={{ padding: '6px 10px', cursor: 'pointer', borderBottom: '1px dashed rgba(64,158,255,0.18)' }}
              onClick={() => onHit(kind, h)}
              data-testid="epidemic-search-hit"
            >
              <span style={{ color: '#37c6ff', marginRight: 8 }}>[{title}]</span>
              {h.name}
              <span style={{ color: '#7f9cc7', marginLeft: 8 }}>{title === '小区' ? h.detail : h.village_name}</span>
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
};

const DeviceList = ({
  devices,
  hidden,
  onToggle,
  onAll,
}: {
  devices: readonly EpidemicDevice[];
  hidden: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onAll: (show: boolean) => void;
}) => (
  <div
    style={{ ...overlay, right: 12, top: 12, width: 250, maxHeight: 420, display: 'flex', flexDirection: 'column' }}
    data-testid="epidemic-devices"
  >
    <label style={{ padding: '8px 10px', borderBottom: '1px solid rgba(64,158,255,0.3)', color: '#37c6ff' }}>
      <input
        type="checkbox"
        checked={hidden.size === 0}
        onChange={(e) => onAll(e.target.checked)}
        data-testid="epidemic-device-all"
      />{' '}
      门禁设备（{devices.length}）
    </label>
    <div style={{ overflow: 'auto' }}>
      {devices.length === 0 ? <div className="bs-empty">暂无设备</div> : null}
      {devices.map((d) => (
        <label
          key={d.id}
          style={{ display: 'flex', gap: 6, padding: '5px 10px', alignItems: 'center' }}
          data-testid="epidemic-device"
        >
          <input type="checkbox" checked={!hidden.has(d.id)} onChange={() => onToggle(d.id)} />
          <span
            style={{
              width: 8,
              height: 8,
              borderRadius: 4,
              background: d.online === 1 ? '#4be3a5' : '#8c8c8c',
              flex: 'none',
            }}
          />
          <span
            style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            title={`${d.village_name} ${d.name}`}
          >
            {d.name}
          </span>
        </label>
      ))}
    </div>
  </div>
);

/** The map with the search, the door list (its checks show and hide door markers) and a door's detail. */
export const MapPanel = ({ d, vid, place }: { d: EpidemicScreen | undefined; vid: number; place: Place }) => {
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [focus, setFocus] = useState<Focus>(null);
  const [door, setDoor] = useState<number | null>(null);
  const villages = useMemo(() => villageMarks(d?.villageList ?? []), [d?.villageList]);
  const allDoors = useMemo(() => deviceMarks(d?.deviceList ?? [], villages), [d?.deviceList, villages]);
  const doors = useMemo(() => allDoors.filter((x) => !hidden.has(x.id)), [allDoors, hidden]);
  const picked = d?.deviceList.find((x) => x.id === door);
  const openDoor = (id: number) => {
    setDoor(id);
    setFocus({ kind: 'door', id });
  };
  return (
    <Panel place={place} bodyStyle={{ padding: 0 }} testId="epidemic-map-panel">
      <EpidemicMap
        villages={villages}
        doors={doors}
        focus={focus}
        onVillage={(id) => setFocus({ kind: 'village', id })}
        onDoor={openDoor}
      />
      <SearchBox
        vid={vid}
        onHit={(kind, h) => (kind === 'door' ? openDoor(h.id) : setFocus({ kind: 'village', id: h.village_id }))}
      />
      <DeviceList
        devices={d?.deviceList ?? []}
        hidden={hidden}
        onToggle={(id) =>
          setHidden((s) => {
            const n = new Set(s);
            if (!n.delete(id)) n.add(id);
            return n;
          })
        }
        onAll={(show) => setHidden(show ? new Set() : new Set((d?.deviceList ?? []).map((x) => x.id)))}
      />
      {picked ? <DoorDetail door={picked} onClose={() => setDoor(null)} /> : null}
      <div
        style={{ position: 'absolute', right: 12, bottom: 12, zIndex: 4, color: '#9fb9dd', fontSize: 12 }}
        data-testid="epidemic-map-counts"
        data-doors={doors.length}
      >
        小区 {villages.length} · 显示设备 {doors.length}/{allDoors.length}
      </div>
    </Panel>
  );
};

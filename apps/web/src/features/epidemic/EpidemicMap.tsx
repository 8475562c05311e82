import { useMemo } from 'react';
import { ScreenMap, type MapFocus } from '../bigscreen/ScreenMap.tsx';
import { RISK_COLOR, type DeviceMark, type VillageMark } from './logic.ts';

type Props = {
  villages: readonly VillageMark[];
  doors: readonly DeviceMark[];
  focus: { kind: 'village' | 'door'; id: number } | null;
  onVillage: (id: number) => void;
  onDoor: (id: number) => void;
};

/** The screen's map (the kit's): village hot areas and markers coloured by risk, and the checked doors. */
export const EpidemicMap = ({ villages, doors, focus, onVillage, onDoor }: Props) => {
  const areas = useMemo(() => villages.map((v) => ({ ...v, color: RISK_COLOR[v.risk] })), [villages]);
  const points = useMemo(
    () => doors.map((d) => ({ id: d.id, name: d.name, point: d.point, color: d.online ? '#4be3a5' : '#8c8c8c' })),
    [doors],
  );
  const at = useMemo<MapFocus>(
    () => (focus ? { kind: focus.kind === 'door' ? 'point' : 'area', id: focus.id } : null),
    [focus],
  );
  return (
    <ScreenMap areas={areas} points={points} focus={at} onArea={onVillage} onPoint={onDoor} testId="epidemic-map" />
  );
};

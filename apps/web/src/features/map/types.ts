/** Types shared by the lazy OpenLayers picker and the light wrappers (no OpenLayers import here). */
export type MapPickerMode = 'point' | 'polygon';

/** What a picker confirms: lonlat 'lon,lat' ('' when none) and geom text ('' in point mode). */
export type MapPickerResult = { lonlat: string; geom: string };

export type MapPickerProps = {
  /** 'point': point-only (select location); 'polygon': draw the hot area, optionally pick its location */
  mode: MapPickerMode;
  value?: Partial<MapPickerResult>;
  /** 'lon,lat' to centre on when there is no value yet (e.g. the record's own location) */
  focus?: string;
  /** a hot area shown dashed for orientation only (e.g. the village's area while picking its location) */
  referenceGeom?: string;
  /** show only: no tools, no confirm */
  readOnly?: boolean;
  height?: number;
  onConfirm?: (result: MapPickerResult) => void;
  onCancel?: () => void;
};

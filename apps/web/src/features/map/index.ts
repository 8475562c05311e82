/** Map tool. Everything here is light; OpenLayers is in MapPicker's lazy chunk. */
export { MapPickerModal, LazyMapPicker, MapFallback } from './MapPickerModal.tsx';
export { MapPointInput, MapPolygonInput } from './MapInputs.tsx';
export { useLocate } from './MapCells.tsx';
export { useMapSettings, tileUrlOf, DEFAULT_MAP_SETTINGS, type MapSettings, type MapLayerIndex } from './settings.ts';
export * from './geom.ts';
export * from './constants.ts';
export type { MapPickerMode, MapPickerProps, MapPickerResult } from './types.ts';
export { registerMapExtensions } from './register.ts';
export { StopClicks } from './StopClicks.tsx';

import { registerCell } from '../../engine/registry/cells.ts';
import { registerInput } from '../../engine/registry/inputs.ts';
import { MapPointCell, MapPolygonCell } from './MapCells.tsx';
import { MapPointInput, MapPolygonInput } from './MapInputs.tsx';

/** The map tool's engine entries (called from engine/extensions.ts). OpenLayers loads only when a map opens. */
export const registerMapExtensions = () => {
  registerInput('mapPoint', MapPointInput);
  registerInput('mapPolygon', MapPolygonInput);
  registerCell('mapPoint', MapPointCell);
  registerCell('mapPolygon', MapPolygonCell);
};

import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerCell } from '../../engine/registry/cells.ts';
import { registerInput } from '../../engine/registry/inputs.ts';

/** The map tool's engine entries (called from engine/extensions.ts). OpenLayers loads only when a map opens. */
export const registerMapExtensions = () => {
  registerInput(
    'mapPoint',
    lazyComponent(() => import('./MapInputs.tsx').then((m) => m.MapPointInput)),
  );
  registerInput(
    'mapPolygon',
    lazyComponent(() => import('./MapInputs.tsx').then((m) => m.MapPolygonInput)),
  );
  registerCell(
    'mapPoint',
    lazyComponent(() => import('./MapCells.tsx').then((m) => m.MapPointCell)),
  );
  registerCell(
    'mapPolygon',
    lazyComponent(() => import('./MapCells.tsx').then((m) => m.MapPolygonCell)),
  );
};

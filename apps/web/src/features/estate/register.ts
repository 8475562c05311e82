import { lazyComponent } from '../../engine/registry/lazyComponent.tsx';
import { registerAction } from '../../engine/registry/actions.ts';
import { registerRowAction } from '../../engine/registry/rowActions.ts';

/** The estate screens' engine entries (called from engine/extensions.ts). */
export const registerEstateExtensions = () => {
  registerRowAction(
    'viewBuilding',
    lazyComponent(() => import('./rowActions.tsx').then((m) => m.ViewBuildingRowAction)),
  );
  registerRowAction(
    'viewVillage',
    lazyComponent(() => import('./rowActions.tsx').then((m) => m.ViewVillageRowAction)),
  );
  registerRowAction(
    'review',
    lazyComponent(() => import('./personActions.tsx').then((m) => m.ReviewRowAction)),
  );
  registerAction(
    'ownerTags',
    lazyComponent(() => import('./personActions.tsx').then((m) => m.OwnerTagsAction)),
  );
};

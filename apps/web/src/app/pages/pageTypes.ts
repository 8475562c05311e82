/** Pages are engine pages or the app's own; the props type is the engine's. */
export type { PageProps, PageRoute } from '../../engine/pageTypes.ts';

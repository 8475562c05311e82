import { registerExtensions } from '../extensions.ts';

/**
 * The engine's list page as the app uses it (dynamic forms: dynamicPages.ts): loading them registers the features into the engine first
 * (in the same lazy chunk, so the shell's first load stays without them).
 */
registerExtensions();

export { ListPage } from '../../engine/list/ListPage.tsx';

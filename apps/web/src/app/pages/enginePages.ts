import { registerExtensions } from '../extensions.ts';

/**
 * The engine's pages as the app uses them: loading them registers the features into the engine first
 * (in the same lazy chunk, so the shell's first load stays without them).
 */
registerExtensions();

export { ListPage } from '../../engine/list/ListPage.tsx';
export { DynamicFormPage } from '../../engine/dynamic/DynamicFormPage.tsx';

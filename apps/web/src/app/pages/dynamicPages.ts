import { registerExtensions } from '../extensions.ts';

/**
 * The engine's dynamic form page, in a chunk of its own so a list page does not download the form and its inputs;
 * registering the features again is harmless (each registry keeps the last entry per key).
 */
registerExtensions();

export { DynamicFormPage } from '../../engine/dynamic/DynamicFormPage.tsx';

/**
 * Extension point for later issues: register domain toolbar actions, row actions, cells and
 * inputs here (or import a feature's register module and call it), e.g.
 *
 *   import { registerCollectionActions } from '../features/renewal/register.ts';
 *   registerCollectionActions(); // registerAction('collection', CollectionAction) …
 *
 * It runs after the built-ins, so a feature may also replace a built-in (registerInput('mapPoint', MapPicker)).
 */
export const registerExtensions = () => {};

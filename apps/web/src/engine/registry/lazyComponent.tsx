import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A registered component (toolbar or row action, cell, input) fetched on its first render, inside its own
 * Suspense: a feature's dialogs and their antd forms, trees and pickers then load when a screen that declares
 * them shows up, not with every list page (registering imports nothing but this loader).
 */
export const lazyComponent = <P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> => {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  const LazyComponent = (props: P) => (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
  return LazyComponent;
};

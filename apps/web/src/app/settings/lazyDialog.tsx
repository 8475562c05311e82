import { lazy, Suspense, useState, type ComponentType } from 'react';

type DialogProps = { open: boolean; onClose: () => void };

/**
 * A dialog whose module is fetched on its first opening, so its form controls stay out of the JS
 * of the page that shows the trigger (the login page, the shell). Once opened it stays mounted:
 * closing animates and reopening is instant. Props beyond open and onClose pass through.
 */
export const lazyDialog = <P extends DialogProps>(load: () => Promise<ComponentType<P>>) => {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  const LazyDialog = (props: P) => {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    return wanted ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
  return LazyDialog;
};

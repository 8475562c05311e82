import { lazy, Suspense, useState, type ComponentType } from 'react';

type DialogProps = { open: boolean; onClose: () => void };

/**
 * A dialog whose module is fetched on its first opening, so its form controls stay out of the JS
 * of the page that shows the trigger (the login page, the shell). Once opened it stays mounted:
 * closing animates and reopening is instant.
 */
export const lazyDialog = (load: () => Promise<ComponentType<DialogProps>>) => {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  const LazyDialog = ({ open, onClose }: DialogProps) => {
    const [wanted, setWanted] = useState(open);
    if (open && !wanted) setWanted(true);
    return wanted ? (
      <Suspense fallback={null}>
        <Dialog open={open} onClose={onClose} />
      </Suspense>
    ) : null;
  };
  return LazyDialog;
};

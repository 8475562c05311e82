import { lazy, Suspense } from 'react';

// the menu's ~30 icons (~9 kB gzip) load next to the page instead of before the shell can show; until then each
// takes an icon's room, so the menu does not shift
const IconOf = lazy(() => import('./iconSet.tsx').then((m) => ({ default: m.IconOf })));

export const MenuIcon = ({ name, title }: { name: string; title?: string }) => (
  <Suspense fallback={<span className="anticon" style={{ width: '1em', height: '1em' }} />}>
    <IconOf name={name} title={title} />
  </Suspense>
);

import { lazy, type ComponentType } from 'react';

/**
 * Full-screen pages outside the shell, by path; the others still say 建设中. One module the guard loads lazily
 * for all of them, so a new one adds nothing to the chunks every signed-in page loads.
 */
const pages: Record<string, ComponentType> = {
  '/apicture': lazy(() =>
    import('../../features/apicture/APicturePage.tsx').then((m) => ({ default: m.APicturePage })),
  ),
  '/epidemic': lazy(() =>
    import('../../features/epidemic/EpidemicScreenPage.tsx').then((m) => ({ default: m.EpidemicScreenPage })),
  ),
  '/community-screen': lazy(() =>
    import('../../features/datascreen/DataScreenPage.tsx').then((m) => ({ default: m.CommunityScreenPage })),
  ),
  '/property-screen': lazy(() =>
    import('../../features/datascreen/DataScreenPage.tsx').then((m) => ({ default: m.PropertyDataScreenPage })),
  ),
  '/city-screen': lazy(() =>
    import('../../features/city/CityScreenPage.tsx').then((m) => ({ default: m.CityScreenPage })),
  ),
  '/cockpit': lazy(() =>
    import('../../features/operator/OperatorScreenPage.tsx').then((m) => ({ default: m.OperatorScreenPage })),
  ),
  '/Web/Internet/MonitorScreen/index': lazy(() =>
    import('../../features/video/MonitorScreenPage.tsx').then((m) => ({ default: m.MonitorScreenPage })),
  ),
};

const Placeholder = lazy(() =>
  import('../pages/UnderConstruction.tsx').then((m) => ({ default: m.StandalonePlaceholder })),
);

export const StandalonePage = ({ path, title }: { path: string; title: string }) => {
  const Page = pages[path];
  return Page ? <Page /> : <Placeholder title={title} />;
};

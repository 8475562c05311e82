import { UnderConstruction } from '../../engine/UnderConstruction.tsx';
import { useDocumentTitle } from '../useDocumentTitle.ts';

/** A standalone (no shell) special page that is not built yet. */
export const StandalonePlaceholder = ({ title }: { title: string }) => {
  useDocumentTitle(title);
  return (
    <div className="full-center" style={{ background: '#fff' }}>
      <UnderConstruction title={title} path={window.location.pathname} />
    </div>
  );
};

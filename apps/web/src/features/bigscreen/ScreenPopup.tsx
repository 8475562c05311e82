import { useEffect, type ReactNode } from 'react';
import type { Place } from './Panel.tsx';

type Props = {
  title: string;
  /** where on the stage, in design pixels (centred 1200×720 unless told) */
  place?: Place;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
};

const CENTRE: Place = { x: 360, y: 180, w: 1200, h: 720 };

/**
 * A dialog drawn on the stage itself (so it scales with the screen, unlike a page-level modal): a dimmed stage, a
 * framed box, its title and a close button; Esc or a click on the dim closes it.
 */
export const ScreenPopup = ({ title, place = CENTRE, onClose, children, testId }: Props) => {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="bs-popup-dim" onClick={onClose}>
      <section
        className="bs-panel bs-popup"
        role="dialog"
        aria-label={title}
        style={{ left: place.x, top: place.y, width: place.w, height: place.h }}
        onClick={(e) => e.stopPropagation()}
        data-testid={testId}
      >
        <header className="bs-panel-head">
          <h3 className="bs-panel-title">{title}</h3>
          <button
            type="button"
            className="bs-popup-close"
            onClick={onClose}
            aria-label="关闭"
            data-testid={testId && `${testId}-close`}
          >
            ×
          </button>
        </header>
        <div className="bs-panel-body" style={{ overflow: 'auto' }}>
          {children}
        </div>
      </section>
    </div>
  );
};

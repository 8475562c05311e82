import { createContext, useContext, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { DESIGN_HEIGHT, DESIGN_WIDTH, fitStage, stageTransform, type StageFit } from './scale.ts';
import './bigscreen.css';

type StageInfo = { fit: StageFit; stage: HTMLDivElement | null };
const StageContext = createContext<StageInfo>({ fit: { scale: 1, left: 0, top: 0 }, stage: null });

/** The stage's current fit and element (popups render into it so they scale with the screen). */
export const useStage = () => useContext(StageContext);

type Props = {
  children: ReactNode;
  width?: number;
  height?: number;
  /** the page's background around and under the stage */
  background?: string;
  testId?: string;
};

/**
 * A big screen's design canvas: the children are laid out on a fixed width × height stage (1920×1080 unless told),
 * which a CSS transform scales to fit whatever box it is given (the window, a shell tab), centred and letterboxed.
 * Layout never reflows with the screen, so text and charts stay where they were designed; text is drawn at its
 * scaled size by the browser, so it stays crisp.
 */
export const ScreenStage = ({ children, width = DESIGN_WIDTH, height = DESIGN_HEIGHT, background, testId }: Props) => {
  const box = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const [fit, setFit] = useState<StageFit>({ scale: 1, left: 0, top: 0 });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setFit(fitStage(el.clientWidth, el.clientHeight, width, height));
    measure();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      ro?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [width, height]);
  return (
    <div ref={box} className="bs-box" style={background ? { background } : undefined} data-testid={testId}>
      <div
        ref={setStage}
        className="bs-stage"
        style={{ width, height, transform: stageTransform(fit) }}
        data-scale={fit.scale.toFixed(4)}
      >
        <StageContext.Provider value={{ fit, stage }}>{children}</StageContext.Provider>
      </div>
    </div>
  );
};

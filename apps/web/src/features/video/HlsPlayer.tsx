import { useEffect, useRef, useState } from 'react';
// the transmuxer's worker, served as a file of this origin (the ESM build inlines none): 16 windows demux off the
// page's thread
import workerPath from 'hls.js/dist/hls.worker.js?url';

type State = 'loading' | 'playing' | 'nosignal';

/** The part of hls.js the player uses (its light build, fetched with the first window that plays). */
const loadHls = () => import('hls.js/light').then((m) => m.default);

const overlay: React.CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: '#8fa6c4',
  fontSize: 14,
  pointerEvents: 'none',
};

/**
 * One live preview: HLS through hls.js over Media Source Extensions (a browser without them but with native HLS,
 * Safari on iOS, plays the playlist itself). A stream that cannot be loaded shows 无信号. Unmounting stops it.
 */
export const HlsPlayer = ({ url, testId }: { url: string; testId: string }) => {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<State>('loading');

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let stopped = false;
    let destroy = () => undefined as void;
    const playing = () => !stopped && setState('playing');
    const noSignal = () => !stopped && setState('nosignal');
    el.addEventListener('playing', playing);
    el.addEventListener('error', noSignal);
    void loadHls()
      .then((Hls) => {
        if (stopped) return;
        if (Hls.isSupported()) {
          const hls = new Hls({ enableWorker: true, workerPath, manifestLoadingMaxRetry: 1, levelLoadingMaxRetry: 2 });
          hls.on(Hls.Events.ERROR, (_e, data) => {
            if (!data.fatal) return;
            noSignal();
            hls.destroy();
          });
          hls.on(Hls.Events.MANIFEST_PARSED, () => void el.play().catch(() => undefined));
          hls.loadSource(url);
          hls.attachMedia(el);
          destroy = () => hls.destroy();
        } else if (el.canPlayType('application/vnd.apple.mpegurl')) {
          el.src = url;
          void el.play().catch(() => undefined);
          destroy = () => {
            el.removeAttribute('src');
            el.load();
          };
        } else noSignal();
      })
      .catch(noSignal);
    return () => {
      stopped = true;
      el.removeEventListener('playing', playing);
      el.removeEventListener('error', noSignal);
      destroy();
    };
  }, [url]);

  return (
    <>
      {/* muted: browsers autoplay only muted media; loop: the demo's stream is a short recording */}
      <video
        ref={video}
        data-testid={testId}
        data-state={state}
        muted
        loop
        playsInline
        style={{ width: '100%', height: '100%', objectFit: 'contain', background: '#000', display: 'block' }}
      />
      {state !== 'playing' && (
        <div style={overlay} data-testid={`${testId}-state`}>
          {state === 'loading' ? '加载中…' : '无信号'}
        </div>
      )}
    </>
  );
};

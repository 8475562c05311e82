import type { ServerConfig } from '../config.ts';

const originOf = (url: string) => {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
};

/**
 * The pages' Content-Security-Policy: scripts only from this origin (the built app has no inline
 * script); inline styles, which antd's CSS-in-JS writes; images and fetches also over https (map
 * tiles and the geocoder are configurable URLs) and from the document server; no plugins, no framing
 * by other sites. No upgrade-insecure-requests: the app is also served over plain http on a LAN.
 * The video wall plays HLS through Media Source Extensions: the video element's source is a blob: URL (hls.js
 * runs its demuxer in a blob: worker), and the playlists and segments are fetched from this origin, over https,
 * or from the NVRs a site lists in VIDEO_STREAM_ORIGINS (often plain http on the LAN).
 */
export const cspDirectives = (config: Pick<ServerConfig, 'documentServer' | 'videoStreamOrigins'>) => {
  const docs = originOf(config.documentServer);
  const extra = docs ? [docs] : [];
  const streams = config.videoStreamOrigins.map(originOf).filter(Boolean);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...extra],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https:', ...extra, ...streams],
    mediaSrc: ["'self'", 'blob:', 'https:', ...streams],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
};

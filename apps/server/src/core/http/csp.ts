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
 */
export const cspDirectives = (config: Pick<ServerConfig, 'documentServer'>) => {
  const docs = originOf(config.documentServer);
  const extra = docs ? [docs] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...extra],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'https:', ...extra],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
};

import { safeKey } from '../storage/storage.ts';

/** The upload answers `url` as this prefix + the key; forms send the key (`path`), either is ours. */
const FILE_ROUTE = '/xapi/Common/Document/file/';

/**
 * Configured document servers (config.documentServer), without a trailing slash. Still process-level: module-level
 * zod bodies (repair, patrol) check file fields with `isOwnFileList` and have no app at hand. One process serves
 * one configuration; apps built in one process (tests) all use the default (none).
 */
let documentServers: string[] = [];

/** Set once at start-up from the configuration: urls below these are ours too. */
export const trustDocumentServer = (url: string) => {
  documentServers = url
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
};

/**
 * Whether one stored image/file value points into our own document store: a storage key, the
 * file route with a key, or a url below a configured document server. Anything else (another
 * host, `//host/x`, `..`) would make the web send the file-read token elsewhere.
 */
export const isOwnFileRef = (v: string): boolean => {
  if (safeKey(v)) return true;
  if (v.startsWith(FILE_ROUTE)) return safeKey(v.slice(FILE_ROUTE.length));
  return documentServers.some(
    (s) =>
      v.startsWith(`${s}/`) &&
      /^[\w\-./~%]+$/.test(v.slice(s.length + 1)) &&
      !v.slice(s.length).split('/').includes('..'),
  );
};

/** A comma-joined list of stored files (as image and file fields keep them). */
export const isOwnFileList = (v: string) => v.split(',').every((p) => isOwnFileRef(p.trim()));

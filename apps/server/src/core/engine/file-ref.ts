import { requestContext } from '@fastify/request-context';
import { safeKey } from '../storage/storage.ts';

/** The upload answers `url` as this prefix + the key; forms send the key (`path`), either is ours. */
const FILE_ROUTE = '/xapi/Common/Document/file/';

/** config.documentServer: comma-separated urls, each without its trailing slash. */
export const documentServersOf = (url: string): readonly string[] =>
  url
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);

declare module '@fastify/request-context' {
  // module augmentation needs an interface
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface RequestContextData {
    /** the app's trusted document servers: the request's store, as zod bodies (module constants) have no app at hand */
    documentServers: readonly string[];
  }
}

/** The document servers of the app serving this request; outside a request (jobs, seeding) none. */
const trusted = (): readonly string[] => requestContext.get('documentServers') ?? [];

/**
 * Whether one stored image/file value points into our own document store: a storage key, the
 * file route with a key, or a url below a configured document server. Anything else (another
 * host, `//host/x`, `..`) would make the web send the file-read token elsewhere.
 */
export const isOwnFileRef = (v: string): boolean => {
  if (safeKey(v)) return true;
  if (v.startsWith(FILE_ROUTE)) return safeKey(v.slice(FILE_ROUTE.length));
  return trusted().some(
    (s) =>
      v.startsWith(`${s}/`) &&
      /^[\w\-./~%]+$/.test(v.slice(s.length + 1)) &&
      !v.slice(s.length).split('/').includes('..'),
  );
};

/** A comma-joined list of stored files (as image and file fields keep them). */
export const isOwnFileList = (v: string) => v.split(',').every((p) => isOwnFileRef(p.trim()));

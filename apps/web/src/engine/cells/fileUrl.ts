import { joinUrl } from '../../api/http.ts';
import { getCookie } from '../../lib/storage.ts';
import { useEnvStore } from '../../store/env.ts';
import { fileUrl } from '../logic/image.ts';

/** The API's own file route, used when the login gave no document server. */
export const FILE_ROUTE = '/Common/Document/file';

/** Address of a stored file with the document server and url token from the login cookies. */
export const toFileUrl = (path: string) =>
  fileUrl(
    path,
    getCookie('documentServer'),
    getCookie('urlToken'),
    joinUrl(useEnvStore.getState().baseUrl, FILE_ROUTE),
    globalThis.location?.origin ?? '',
  );

import { sendFile, UPLOAD_TIMEOUT_MS, ApiError } from '../../api/http.ts';
import { uploadOutcome, type UploadReply } from '../logic/image.ts';

export const UPLOAD_URL = '/Common/Document/Upload';

/** POST /Common/Document/Upload {file} (25 s): {ok, path} or the error to show. */
export const uploadFile = async (file: Blob, name: string) => {
  try {
    const { data, msg } = await sendFile<UploadReply['data']>(UPLOAD_URL, file, name, {
      timeout: UPLOAD_TIMEOUT_MS,
      silent: true,
    });
    return uploadOutcome({ code: 0, msg, data });
  } catch (e) {
    if (e instanceof ApiError) return uploadOutcome({ code: e.code > 0 ? e.code : 1, msg: e.message });
    return uploadOutcome(null);
  }
};

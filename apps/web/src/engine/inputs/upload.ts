import { sendFile, UPLOAD_TIMEOUT_MS, ApiError } from '../../api/http.ts';
import { uploadFailureText, uploadOutcome, type UploadReply } from '../logic/image.ts';

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
    // an empty reply is no envelope (code -1, '响应格式错误' from the client): the user is told 上传失败
    return {
      ok: false as const,
      error: uploadFailureText(e instanceof ApiError ? e.code : null, String((e as Error).message ?? '')),
    };
  }
};

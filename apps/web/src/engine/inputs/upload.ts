import type { ReplyOf } from '@5a/contracts';
import { documentApi } from '@5a/contracts/endpoints/document';
import { sendFile, UPLOAD_TIMEOUT_MS, ApiError } from '../../api/http.ts';
import { uploadFailureText, uploadOutcome } from '../logic/image.ts';

const { upload } = documentApi;

/** POST the upload endpoint {file} (multipart, 25 s): {ok, path} or the error to show. */
export const uploadFile = async (file: Blob, name: string) => {
  try {
    const { data, msg } = await sendFile<ReplyOf<typeof upload>>(upload.path, file, name, {
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

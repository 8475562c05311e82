import { endpoint, type NoBody } from '../endpoint.ts';

/** A stored upload: `url` reads it (with the url token), `path` is what a form field keeps. */
export type Uploaded = { url: string; path: string; name: string; size: number; type: string };

/** Uploads: multipart with one `file` part (the web's sendFile), so the body has no JSON fields. */
export const documentApi = {
  upload: endpoint<NoBody, Uploaded>('/Common/Document/Upload'),
  /** images only (JPG, PNG, GIF, WEBP) */
  image: endpoint<NoBody, Uploaded>('/api/upload/image'),
  /** the object-storage upload of the original; the same storage here */
  objectStorage: endpoint<NoBody, Uploaded>('/api/upload/BaiduOSS'),
} as const;

/** Camera capture of an image field (拍照): the still's size, its messages, and how a frame fills it. */
export const CAPTURE_SIZE = { width: 500, height: 400 } as const;
export const CAPTURE_TYPE = 'image/png';
export const CAPTURE_FIRST = '请点击拍照';
export const CAMERA_DENIED = '无法打开摄像头，请检查浏览器权限';

/**
 * What to tell the user when the camera does not open, by the getUserMedia error's name; `null` is a browser
 * without it (plain http outside localhost has no camera at all).
 */
export const cameraErrorText = (name: string | null): string => {
  switch (name) {
    case null:
      return '当前浏览器无法使用摄像头（需通过 https 访问），请上传照片';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return '未检测到摄像头，请上传照片';
    case 'NotReadableError':
    case 'AbortError':
      return '摄像头被占用或无法启动，请关闭其他使用摄像头的程序后重试';
    default:
      return CAMERA_DENIED;
  }
};

export type Crop = { sx: number; sy: number; sw: number; sh: number };

/**
 * The part of a `width`×`height` video frame drawn onto the 500×400 still: the largest centred part of the same
 * shape, so a 4:3 or 16:9 camera fills the still without being stretched.
 */
export const coverCrop = (width: number, height: number, target = CAPTURE_SIZE): Crop => {
  if (width <= 0 || height <= 0) return { sx: 0, sy: 0, sw: Math.max(0, width), sh: Math.max(0, height) };
  const ratio = target.width / target.height;
  if (width / height > ratio) {
    const sw = Math.round(height * ratio);
    return { sx: Math.floor((width - sw) / 2), sy: 0, sw, sh: height };
  }
  const sh = Math.round(width / ratio);
  return { sx: 0, sy: Math.floor((height - sh) / 2), sw: width, sh };
};

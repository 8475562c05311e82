import { describe, expect, it } from 'vitest';
import { CAMERA_DENIED, cameraErrorText, coverCrop } from './camera.ts';

describe('camera capture', () => {
  it('fills the 500×400 still with the centre of a wider or taller frame, never stretched', () => {
    // 640×480 (4:3) is wider than 5:4: its sides go
    expect(coverCrop(640, 480)).toEqual({ sx: 20, sy: 0, sw: 600, sh: 480 });
    // 1280×720 (16:9)
    expect(coverCrop(1280, 720)).toEqual({ sx: 190, sy: 0, sw: 900, sh: 720 });
    // a portrait phone camera loses top and bottom
    expect(coverCrop(480, 640)).toEqual({ sx: 0, sy: 128, sw: 480, sh: 384 });
    expect(coverCrop(500, 400)).toEqual({ sx: 0, sy: 0, sw: 500, sh: 400 });
  });

  it('draws nothing from a frame without a size (the video has not started)', () => {
    expect(coverCrop(0, 0)).toEqual({ sx: 0, sy: 0, sw: 0, sh: 0 });
  });

  it('tells why the camera did not open, in Chinese', () => {
    expect(cameraErrorText('NotAllowedError')).toBe('无法打开摄像头，请检查浏览器权限');
    expect(cameraErrorText('SecurityError')).toBe(CAMERA_DENIED);
    expect(cameraErrorText('NotFoundError')).toBe('未检测到摄像头，请上传照片');
    expect(cameraErrorText('NotReadableError')).toContain('摄像头被占用');
    expect(cameraErrorText(null)).toContain('https');
  });
});

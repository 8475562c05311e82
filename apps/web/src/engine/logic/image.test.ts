import { describe, expect, it } from 'vitest';
import {
  fileUrl,
  isOwnAddress,
  joinPaths,
  MAX_IMAGE_BYTES,
  needsShrink,
  planImageUpload,
  shrinkSize,
  splitPaths,
  uploadFailureText,
  uploadOutcome,
} from './image.ts';

const jpg = (size: number) => ({ type: 'image/jpeg', name: 'a.jpg', size });
const png = (size: number) => ({ type: 'image/png', name: 'a.png', size });

describe('image upload decisions', () => {
  it('shrinks only above 2097152 bytes', () => {
    expect(MAX_IMAGE_BYTES).toBe(2097152);
    expect(needsShrink(2097152)).toBe(false);
    expect(needsShrink(2097153)).toBe(true);
    expect(planImageUpload(png(3_000_000), {})).toEqual({ ok: true, shrink: true });
    expect(planImageUpload(png(1000), {})).toEqual({ ok: true, shrink: false });
  });
  it('the JPG-only uploader refuses other types and files over 2 MB', () => {
    expect(planImageUpload(png(10), { jpgOnly: true })).toEqual({ ok: false, error: '上传头像图片只能是 JPG 格式!' });
    expect(planImageUpload(jpg(MAX_IMAGE_BYTES + 1), { jpgOnly: true })).toEqual({
      ok: false,
      error: '上传头像图片大小不能超过 2MB!',
    });
    expect(planImageUpload(jpg(MAX_IMAGE_BYTES), { jpgOnly: true })).toEqual({ ok: true, shrink: false });
  });
  it('refuses non-images', () => {
    expect(planImageUpload({ type: 'application/pdf', name: 'a.pdf', size: 1 }, {}).ok).toBe(false);
  });
  it('fits 400×300 keeping the aspect ratio', () => {
    expect(shrinkSize(4000, 3000)).toEqual({ width: 400, height: 300 });
    expect(shrinkSize(3000, 3000)).toEqual({ width: 300, height: 300 });
    expect(shrinkSize(200, 100)).toEqual({ width: 200, height: 100 });
  });
  it('upload replies', () => {
    expect(uploadOutcome(null)).toEqual({ ok: false, error: '上传失败' });
    expect(uploadOutcome({ code: 1, msg: '文件类型不支持' })).toEqual({ ok: false, error: '文件类型不支持' });
    expect(uploadOutcome({ code: 0, data: { path: '/u/a.jpg', url: 'http://x/u/a.jpg' } })).toEqual({
      ok: true,
      path: '/u/a.jpg',
      url: 'http://x/u/a.jpg',
    });
    expect(uploadOutcome({ code: 0, data: null })).toEqual({ ok: false, error: '上传失败' });
  });
  it('a failed upload call says the server msg, or 上传失败 when there was no envelope', () => {
    expect(uploadFailureText(1, '文件类型不支持')).toBe('文件类型不支持');
    expect(uploadFailureText(-1, '响应格式错误')).toBe('上传失败');
    expect(uploadFailureText(null, 'Failed to fetch')).toBe('上传失败');
    expect(uploadFailureText(500, '')).toBe('上传失败');
  });
  it('paths and addresses', () => {
    expect(splitPaths('a.jpg, b.jpg,')).toEqual(['a.jpg', 'b.jpg']);
    // a data address's own comma does not split it
    expect(splitPaths('data:image/svg+xml;base64,PHN2Zz4=,a.jpg')).toEqual([
      'data:image/svg+xml;base64,PHN2Zz4=',
      'a.jpg',
    ]);
    expect(joinPaths(['a', '', 'b'])).toBe('a,b');
    expect(fileUrl('/u/a.jpg', 'http://doc/', 't1')).toBe('http://doc/u/a.jpg?token=t1');
    expect(fileUrl('http://x/a.jpg', 'http://doc', 't')).toBe('http://x/a.jpg');
    expect(fileUrl('/u/a.jpg', null, null)).toBe('/u/a.jpg');
    expect(fileUrl('t1/2026/a.jpg', '', 'tk', '/xapi/Common/Document/file')).toBe(
      '/xapi/Common/Document/file/t1/2026/a.jpg?token=tk',
    );
    expect(fileUrl('/xapi/Common/Document/file/a.jpg', '', 'tk', '/xapi/Common/Document/file')).toBe(
      '/xapi/Common/Document/file/a.jpg?token=tk',
    );
  });
});

describe('the url token goes to our own addresses only', () => {
  const api = '/xapi/Common/Document/file';
  const origin = 'https://wy.example.com';
  it('keeps the token off a path that points at another host', () => {
    expect(fileUrl('//other-host/x.jpg', '', 'tk', api, origin)).toBe('//other-host/x.jpg');
    expect(fileUrl('/\\other-host/x.jpg', '', 'tk', api, origin)).not.toContain('tk');
    expect(fileUrl('//other-host/x.jpg', null, 'tk', api)).toBe('//other-host/x.jpg');
  });
  it('still adds it to our origin, the document server and the API file route', () => {
    expect(fileUrl('/xapi/Common/Document/file/t1/202601/a.jpg', '', 'tk', api, origin)).toBe(
      '/xapi/Common/Document/file/t1/202601/a.jpg?token=tk',
    );
    expect(fileUrl('t1/202601/a.jpg', 'https://doc.example.com/files/', 'tk', api, origin)).toBe(
      'https://doc.example.com/files/t1/202601/a.jpg?token=tk',
    );
    expect(fileUrl('//other-host/x.jpg', 'https://doc.example.com', 'tk', api, origin)).toBe(
      'https://doc.example.com/other-host/x.jpg?token=tk',
    );
    expect(fileUrl('t1/202601/a.jpg', '', 'tk', 'https://api.example.com/xapi/Common/Document/file', origin)).toBe(
      'https://api.example.com/xapi/Common/Document/file/t1/202601/a.jpg?token=tk',
    );
  });
  it('tells our addresses from look-alikes', () => {
    expect(isOwnAddress('https://doc.example.com.evil.cn/a.jpg', ['https://doc.example.com'], origin)).toBe(false);
    expect(isOwnAddress('https://doc.example.com/a.jpg', ['https://doc.example.com'], origin)).toBe(true);
    expect(isOwnAddress('https://wy.example.com/a.jpg', [], origin)).toBe(true);
    expect(isOwnAddress('javascript:alert(1)', [], origin)).toBe(false);
  });
});

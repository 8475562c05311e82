import { describe, expect, it } from 'vitest';
import { faceViewOf, highlightedNoticeId, plainContentOf, similarityText, unshown } from './logic.ts';

describe('abnormal dialog content', () => {
  const face = JSON.stringify({
    face_url: 'a.jpg',
    face_time: '2026-05-01 08:00:00',
    similarity: 0.9321,
    face_pic_url: 'b.jpg',
    face_info_name: '张三',
  });
  it('a type-1 alert shows the face comparison with the similarity as a percentage', () => {
    expect(faceViewOf(1, face)).toEqual({
      faceUrl: 'a.jpg',
      faceTime: '2026-05-01 08:00:00',
      similarity: '93.21%',
      facePicUrl: 'b.jpg',
      name: '张三',
    });
  });
  it('other types, or a type 1 whose content is not JSON, show the plain content', () => {
    expect(faceViewOf(2, face)).toBeNull();
    expect(faceViewOf(1, '人脸比对失败')).toBeNull();
    expect(plainContentOf('工单已超时')).toBe('工单已超时');
    expect(plainContentOf('{"订单":"X1","金额":"12.30"}')).toBe('订单：X1\n金额：12.30');
  });
  it('similarity given as a percentage reads the same', () => {
    expect(similarityText(87.5)).toBe('87.50%');
    expect(similarityText('')).toBe('');
  });
});

describe('alert queue and highlight', () => {
  it('offers each alert once, oldest first', () => {
    expect(unshown([{ id: 5 }, { id: 3 }, { id: 4 }], new Set([4])).map((a) => a.id)).toEqual([3, 5]);
  });
  it('reads vuexNoticeId from the route', () => {
    expect(highlightedNoticeId('vuexNoticeId=12')).toBe(12);
    expect(highlightedNoticeId('?vuexNoticeId=abc')).toBeNull();
    expect(highlightedNoticeId('')).toBeNull();
  });
});

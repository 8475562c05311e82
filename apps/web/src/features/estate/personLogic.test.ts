import { describe, expect, it } from 'vitest';
import { initialReview, reviewUrls, sharedTags, tagsOf } from './personLogic.ts';

describe('resident review', () => {
  it('starts on 已通过 unless the row was refused', () => {
    expect(initialReview(0)).toBe(1);
    expect(initialReview('2')).toBe(2);
    expect(initialReview(1)).toBe(1);
    expect(initialReview(undefined)).toBe(1);
  });
  it('reads from reviewGet and saves to the action api', () => {
    expect(reviewUrls('/Web/Basic/GatePerson/listConfig', '/Web/Basic/GatePerson/reviewSave')).toEqual({
      get: '/Web/Basic/GatePerson/reviewGet',
      save: '/Web/Basic/GatePerson/reviewSave',
    });
    expect(reviewUrls('/Web/Basic/GatePerson/listConfig').save).toBe('/Web/Basic/GatePerson/reviewSave');
  });
});

describe('resident tags', () => {
  it('splits the stored text and drops blanks and repeats', () => {
    expect(tagsOf('1,4')).toEqual(['1', '4']);
    expect(tagsOf(' 1, ,1,3')).toEqual(['1', '3']);
    expect(tagsOf('')).toEqual([]);
    expect(tagsOf(null)).toEqual([]);
    expect(tagsOf([2, '3'])).toEqual(['2', '3']);
  });
  it('starts the dialog from the tags all selected rows share', () => {
    expect(sharedTags([{ tags: '1,4' }])).toEqual(['1', '4']);
    expect(sharedTags([{ tags: '1,4' }, { tags: '4,2' }])).toEqual(['4']);
    expect(sharedTags([{ tags: '1' }, { tags: '' }])).toEqual([]);
    expect(sharedTags([])).toEqual([]);
  });
});

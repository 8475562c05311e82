import { describe, expect, it } from 'vitest';
import { formOf, moved, saveBody } from './questionnaireLogic.ts';

describe('questionnaire editor logic', () => {
  it('adds with {id, row, wdContent} and edits with {row, isEdit: 1}; a 问答 sends no options', () => {
    const form = {
      title: '满意吗',
      type: 1 as const,
      options: [
        { text: '是', seqs: 1 },
        { text: ' ', seqs: 2 },
      ],
    };
    expect(saveBody(7, form)).toEqual({
      id: 7,
      row: { title: '满意吗', type: 1 },
      wdContent: [{ value: '是', sort: 1 }],
    });
    const q = { id: 3, title: 'x', type: 3 as const, sort: 1, Answer: [] };
    expect(saveBody(7, { ...form, type: 3 }, q)).toEqual({
      row: { id: 3, title: '满意吗', type: 3, Answer: [] },
      isEdit: 1,
    });
    expect(formOf().options).toHaveLength(2);
  });
  it('moves an item for the sort dialog', () => {
    expect(moved([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
  });
});

import type { Question, QuestionnaireSaveBody, QuestionType } from '@5a/contracts/endpoints/community';

/** what the add and edit dialogs hold: options as text with their order number */
export type QuestionForm = { title: string; type: QuestionType; options: { text: string; seqs: number }[] };
export const TYPE_LABEL: Record<QuestionType, string> = { 1: '单选', 2: '多选', 3: '问答' };

/** the body of 新增 ({id, row, wdContent}) or 修改 ({row, isEdit: 1}); a 问答 sends no options */
export const saveBody = (questionnaireId: number, form: QuestionForm, editing?: Question): QuestionnaireSaveBody => {
  const options = form.type === 3 ? [] : form.options.filter((o) => o.text.trim());
  if (editing)
    return {
      row: {
        id: editing.id,
        title: form.title,
        type: form.type,
        Answer: options.map((o) => ({ text: o.text, seqs: o.seqs })),
      },
      isEdit: 1,
    };
  return {
    id: questionnaireId,
    row: { title: form.title, type: form.type },
    wdContent: options.map((o) => ({ value: o.text, sort: o.seqs })),
  };
};

/** a question as the edit dialog opens it */
export const formOf = (q?: Question): QuestionForm =>
  q
    ? { title: q.title, type: q.type, options: q.Answer.map((a) => ({ text: a.text, seqs: a.seqs })) }
    : {
        title: '',
        type: 1,
        options: [
          { text: '', seqs: 1 },
          { text: '', seqs: 2 },
        ],
      };

/** moves one item of a list to another place (the sort dialog's drop) */
export const moved = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
};

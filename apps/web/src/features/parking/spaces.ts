import type { TakenSpace } from '@5a/contracts/endpoints/parking';

type Option = { label: string; value: string | number };

/** a space held in the period shows whose it is and until when, and cannot be chosen */
export const spaceChoices = (spaces: readonly Option[], taken: readonly TakenSpace[]) => {
  const held = new Map(taken.map((t) => [t.id, t]));
  return spaces
    .map((x) => ({ label: x.label, value: Number(x.value) }))
    .map((o) => {
      const t = held.get(o.value);
      return t
        ? {
            ...o,
            disabled: true,
            label: `${o.label}（已占用：${t.owner || '—'}，${t.until ? `至 ${t.until}` : '长期'}）`,
          }
        : o;
    });
};

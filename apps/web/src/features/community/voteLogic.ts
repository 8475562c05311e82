import type { VoteTally, VoteVoterOption } from '@5a/contracts/endpoints/community';

/** the verdict's words: what was met and what the resolution came to */
export const verdictText = (t: VoteTally) =>
  !t.turnout_met ? '参与表决未达到面积和人数的三分之二，未通过' : t.passed ? '表决通过' : '未达到同意比例，未通过';

export const ruleText = (t: VoteTally) =>
  t.matter === 'major'
    ? '重大事项：参与表决面积和人数均达三分之二以上，且同意面积和人数均达参与表决的四分之三以上'
    : '一般事项：参与表决面积和人数均达三分之二以上，且同意面积和人数均超过参与表决的半数';

/** the rule applied, in the words of the printed result sheet: participation first, then the matter's majority */
export const printedRule = (t: VoteTally) =>
  `参与表决：专有部分面积与人数均达三分之二以上；${
    t.matter === 'major'
      ? '重大事项：参与表决者面积与人数均达四分之三以上同意'
      : '一般事项：参与表决者面积与人数均过半数同意'
  }`;

/** the print page of a vote's result sheet */
export const votePrintUrl = (id: number) => `/print/vote?id=${id}`;

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD' ('' stays '') */
export const dayOf = (time: string) => time.slice(0, 10);

/** the voters a written ballot may be for: the developer first when it holds units, then each owner with his address */
export const voterChoices = (list: VoteVoterOption[], developerUnits: number) => [
  ...(developerUnits > 0
    ? [{ value: 'dev' as const, label: `建设单位（未登记业主的房屋 ${developerUnits} 套）` }]
    : []),
  ...list.map((p) => ({ value: p.id, label: `${p.name} · ${p.address}${p.voted ? '（已投票）' : ''}` })),
];

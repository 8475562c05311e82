import type { VoteTally } from '@5a/contracts/endpoints/community';

/** the verdict's words: what was met and what the resolution came to */
export const verdictText = (t: VoteTally) =>
  !t.turnout_met ? '参与表决未达到面积和人数的三分之二，未通过' : t.passed ? '表决通过' : '未达到同意比例，未通过';

export const ruleText = (t: VoteTally) =>
  t.matter === 'major'
    ? '重大事项：参与表决面积和人数均达三分之二以上，且同意面积和人数均达参与表决的四分之三以上'
    : '一般事项：参与表决面积和人数均达三分之二以上，且同意面积和人数均超过参与表决的半数';

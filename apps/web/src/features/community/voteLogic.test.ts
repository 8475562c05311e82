import { describe, expect, it } from 'vitest';
import type { VoteTally } from '@5a/contracts/endpoints/community';
import { dayOf, printedRule, verdictText, votePrintUrl, voterChoices } from './voteLogic.ts';

const tally = (t: Partial<VoteTally>): VoteTally => ({
  matter: 'ordinary',
  area_total: '300.00',
  area_voted: '300.00',
  area_yes: '100.00',
  owners_total: 3,
  owners_voted: 3,
  owners_yes: 2,
  turnout_met: true,
  passed: false,
  ...t,
});

describe('the printed result sheet', () => {
  it('states the participation rule, then the matter’s majority', () => {
    expect(printedRule(tally({}))).toBe(
      '参与表决：专有部分面积与人数均达三分之二以上；一般事项：参与表决者面积与人数均过半数同意',
    );
    expect(printedRule(tally({ matter: 'major' }))).toBe(
      '参与表决：专有部分面积与人数均达三分之二以上；重大事项：参与表决者面积与人数均达四分之三以上同意',
    );
  });
  it('says why a resolution failed, and prints days only', () => {
    expect(verdictText(tally({}))).toBe('未达到同意比例，未通过');
    expect(verdictText(tally({ turnout_met: false }))).toMatch(/^参与表决未达到/);
    expect(dayOf('2026-11-27 14:38:13')).toBe('2026-11-27');
    expect(dayOf('')).toBe('');
    expect(votePrintUrl(12)).toBe('/print/vote?id=12');
  });
});

describe('whom a written ballot is for', () => {
  const owner = { id: 7, name: '张三', address: '1栋 1单元 101', voted: true };
  it('offers the developer first only when it holds units, and marks who has voted', () => {
    expect(voterChoices([owner], 3)).toEqual([
      { value: 'dev', label: '建设单位（未登记业主的房屋 3 套）' },
      { value: 7, label: '张三 · 1栋 1单元 101（已投票）' },
    ]);
    expect(voterChoices([{ ...owner, voted: false }], 0)).toEqual([{ value: 7, label: '张三 · 1栋 1单元 101' }]);
  });
});

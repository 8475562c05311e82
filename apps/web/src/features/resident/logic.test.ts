import { describe, expect, it } from 'vitest';
import type { ResidentBill, ResidentHome, ResidentQuestion } from '@5a/contracts/endpoints/resident';
import {
  billDisabled,
  billsTotal,
  buildAnswers,
  codeButtonText,
  codeError,
  homeOf,
  isResolution,
  money,
  phoneError,
  questionOfField,
  roomFor,
  secondsLeft,
  toggleBill,
  visibleModules,
  withoutLink,
} from './logic.ts';

const home = (person_id: number, modules: ResidentHome['modules']): ResidentHome => ({
  person_id,
  name: '张三',
  village_id: 1,
  village_name: '阳光花园',
  house_id: person_id * 10,
  address: '1栋1单元101',
  area: '89.50',
  personnel_type: 1,
  modules,
});

const bill = (id: number, house_id: number, total: string): ResidentBill => ({
  id,
  house_id,
  address: `阳光花园${house_id}`,
  name: '物业费',
  period: '2026-11',
  amount: total,
  late_fee: '0.00',
  total,
  due_date: '2026-11-30',
});

describe('sign-in checks', () => {
  it('says what the server would of a phone', () => {
    expect(phoneError('')).toBe('请输入手机号');
    expect(phoneError('  ')).toBe('请输入手机号');
    expect(phoneError('12345678901')).toBe('手机号码格式错误');
    expect(phoneError('1391234567')).toBe('手机号码格式错误');
    expect(phoneError(' 13912345678 ')).toBeNull();
  });

  it('says what the server would of a code', () => {
    expect(codeError(undefined)).toBe('请输入验证码');
    expect(codeError('12345')).toBe('验证码为6位数字');
    expect(codeError('12a456')).toBe('验证码为6位数字');
    expect(codeError('012345')).toBeNull();
  });

  it('counts down whole seconds to the next code, never below zero', () => {
    const now = 1_000_000;
    expect(secondsLeft(now + 60_000, now)).toBe(60);
    expect(secondsLeft(now + 59_001, now)).toBe(60);
    expect(secondsLeft(now + 1, now)).toBe(1);
    expect(secondsLeft(now, now)).toBe(0);
    expect(secondsLeft(0, now)).toBe(0);
    expect(codeButtonText(42)).toBe('42秒后重新获取');
    expect(codeButtonText(0)).toBe('获取验证码');
  });
});

describe('homes and modules', () => {
  it('shows only what the village has on, in the page order; a link only its action', () => {
    const h = home(1, ['repair', 'bill', 'questionnaire']);
    expect(visibleModules(h, null).map((m) => m.key)).toEqual(['questionnaire', 'bill', 'repair']);
    expect(visibleModules(h, 'bill').map((m) => m.title)).toEqual(['我的账单']);
    expect(visibleModules(h, 'vote')).toEqual([]);
    expect(visibleModules(undefined, null)).toEqual([]);
  });

  it('acts as the picked home while it is his, else the first', () => {
    const homes = [home(1, []), home(2, [])];
    expect(homeOf(homes, 2)?.person_id).toBe(2);
    expect(homeOf(homes, 9)?.person_id).toBe(1);
    expect(homeOf(homes, null)?.person_id).toBe(1);
    expect(homeOf([], null)).toBeUndefined();
  });

  it('takes the used link out of the query and keeps the rest', () => {
    expect(withoutLink('?link=abc', 'link')).toBe('');
    expect(withoutLink('?from=sms&link=abc', 'link')).toBe('?from=sms');
  });
});

describe('questionnaire answers', () => {
  const qs: ResidentQuestion[] = [
    { id: 11, title: '满意吗', type: 1, options: [{ id: 1, text: '满意' }] },
    { id: 12, title: '想要什么', type: 2, options: [{ id: 2, text: '快递柜' }] },
    { id: 13, title: '建议', type: 3, options: [] },
  ];

  it('builds option ids and trimmed text in the questions order', () => {
    expect(buildAnswers(qs, { 13: ' 多种树 ', 12: [2, 3], 11: 1 })).toEqual({
      ok: true,
      answers: [
        { question_id: 11, option_ids: [1] },
        { question_id: 12, option_ids: [2, 3] },
        { question_id: 13, text: '多种树' },
      ],
    });
  });

  it('asks for every question in the server words, naming it', () => {
    expect(buildAnswers(qs, { 12: [2], 13: 'x' })).toEqual({
      ok: false,
      questionId: 11,
      error: '「满意吗」 请选择一个选项',
    });
    expect(buildAnswers(qs, { 11: 1, 12: [], 13: 'x' })).toMatchObject({ error: '「想要什么」 请选择至少一个选项' });
    expect(buildAnswers(qs, { 11: 1, 12: [2], 13: '   ' })).toMatchObject({
      questionId: 13,
      error: '「建议」 请填写回答',
    });
    expect(buildAnswers(qs, { 11: 1, 12: [2], 13: 'x'.repeat(501) })).toMatchObject({
      error: '「建议」 回答不能超过500个字符',
    });
    expect(questionOfField('q13')).toBe(13);
    expect(questionOfField('code')).toBeNull();
  });

  it('knows a resolution of the owners assembly', () => {
    expect([1, 2, 3, 4].map(isResolution)).toEqual([false, false, true, true]);
  });
});

describe('bills', () => {
  const bills = [bill(1, 100, '120.10'), bill(2, 100, '0.20'), bill(3, 200, '50.00')];

  it('takes bills of one house only', () => {
    let s = toggleBill(bills, [], 1);
    expect(s).toEqual([1]);
    expect(billDisabled(bills, s, bills[2]!)).toBe(true);
    expect(billDisabled(bills, s, bills[1]!)).toBe(false);
    expect(toggleBill(bills, s, 3)).toEqual([1]);
    s = toggleBill(bills, s, 2);
    expect(s).toEqual([1, 2]);
    s = toggleBill(bills, toggleBill(bills, s, 1), 2);
    expect(s).toEqual([]);
    // nothing chosen: every house may start
    expect(billDisabled(bills, s, bills[2]!)).toBe(false);
    expect(toggleBill(bills, s, 3)).toEqual([3]);
    expect(toggleBill(bills, s, 99)).toEqual([]);
  });

  it('adds the chosen totals in cents, two decimals', () => {
    expect(billsTotal(bills, [1, 2])).toBe('120.30');
    expect(billsTotal(bills, [])).toBe('0.00');
    expect(money('0.1')).toBe('0.10');
    expect(money(3)).toBe('3.00');
    expect(money('bad')).toBe('0.00');
  });

  it('lets as many pictures in as still fit', () => {
    expect(roomFor(0, 9, 12)).toBe(9);
    expect(roomFor(7, 9, 5)).toBe(2);
    expect(roomFor(3, 3, 1)).toBe(0);
  });
});

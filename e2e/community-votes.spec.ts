import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import type {
  QuestionnaireDetail,
  QuestionnaireResults,
  VoteView,
  VoteVoter,
  VoteVoterOption,
} from '@5a/contracts/endpoints/community';
import { budget, expect, test } from './fixtures.ts';
import { api, confirmDialog, login, pick, pressUntilGone, property, vis } from './helpers.ts';

const QUESTIONNAIRES = '/Web/Community/Questionnaire/listConfig';
const VOTES = '/Web/Community/Vote/listConfig';
const DEMO_QUESTIONNAIRE = '2026年度物业服务满意度调查';
const DEMO_RESOLUTION = '关于更换小区物业服务企业的表决';

type Rows<T> = { records: T[] };

/** 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai, some days from now (whole minutes, so the picker takes it as typed) */
const shanghai = (days: number) =>
  new Date(Math.floor((Date.now() + 8 * 3600_000 + days * 86400_000) / 60_000) * 60_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');

const formItem = (page: Page, prop: string) => page.getByTestId('form-dialog').getByTestId(`form-item-${prop}`);
const fillDate = async (page: Page, prop: string, value: string) => {
  const input = formItem(page, prop).locator('.ant-picker input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
};
/** a row of the visible list (kept-alive tabs keep other lists in the DOM) */
const row = (page: Page, text: string) => vis(page, 'list-table').locator('tbody tr', { hasText: text });
const openList = async (page: Page, route: string) => {
  await page.goto(route);
  await expect(vis(page, 'list-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
};
const modal = (page: Page, title: string) => page.locator('.ant-modal:visible').filter({ hasText: title });

/** 添加 in the editor: a question of a type with its options, saved; the list then shows it */
const addQuestion = async (page: Page, title: string, type: '单选' | '多选' | '问答', options: string[] = []) => {
  await page.getByTestId('question-add').click();
  const dialog = modal(page, '添加题目');
  await dialog.getByTestId('question-title').fill(title);
  await dialog.getByTestId('question-type').getByText(type).click();
  for (const [i, text] of options.entries()) await dialog.getByTestId(`question-option-${i}`).fill(text);
  await pressUntilGone(dialog, dialog.getByRole('button', { name: /保\s*存/ }));
  await expect(page.getByTestId('question-list')).toContainText(title);
};

const questionTitles = (list: Locator) => list.locator('.ant-collapse-header').allInnerTexts();

test('问卷: staff create one, add 单选/多选/问答 questions, drag them into a new order and publish it', async ({
  page,
}) => {
  test.setTimeout(budget(60_000));
  const title = `e2e问卷${String(Date.now()).slice(-6)}`;
  await login(page, property);
  await openList(page, QUESTIONNAIRES);
  await vis(page, 'toolbar-add').click();
  await expect(page.getByTestId('form-dialog')).toBeVisible();
  await pick(page, formItem(page, 'village_id'), '阳光花园');
  await formItem(page, 'title').locator('input').fill(title);
  await fillDate(page, 'start_time', shanghai(-1));
  await fillDate(page, 'end_time', shanghai(30));
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId('form-dialog')).toBeHidden();
  const r = row(page, title);
  await expect(r).toContainText('草稿');

  // 编辑问卷: three questions of the three types
  await r.getByTestId('row-action-questionnaireEdit').click();
  const list = page.getByTestId('question-list');
  await expect(list).toContainText('还没有题目');
  await addQuestion(page, '您常去哪个出入口？', '单选', ['东门', '西门']);
  await addQuestion(page, '您使用过哪些设施？', '多选', ['健身区', '游泳池']);
  await addQuestion(page, '您还有什么建议？', '问答');
  await expect(list.locator('.ant-tag')).toHaveText(['单选', '多选', '问答']);

  // 排序: the 问答 dragged to the top, saved
  await page.getByTestId('question-sort').click();
  const sort = modal(page, '题目排序');
  await expect(sort.getByTestId('sort-item-2')).toContainText('您还有什么建议？');
  // a drag while the dialog still zooms in can miss: drag the 问答 to the top until it is there (any earlier miss
  // left the other two in their order, which moving it keeps)
  await sort.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  await expect(async () => {
    if (!((await sort.getByTestId('sort-item-0').textContent()) ?? '').includes('您还有什么建议？'))
      await sort
        .locator('[data-testid^="sort-item-"]', { hasText: '您还有什么建议？' })
        .dragTo(sort.getByTestId('sort-item-0'), { timeout: 2000 });
    await expect(sort.getByTestId('sort-item-0')).toContainText('您还有什么建议？', { timeout: 1500 });
  }).toPass({ timeout: budget(15_000) });
  await expect(sort.getByTestId('sort-item-1')).toContainText('您常去哪个出入口？');
  await pressUntilGone(sort, sort.getByRole('button', { name: /保\s*存/ }));
  await expect
    .poll(() => questionTitles(list))
    .toEqual([
      expect.stringContaining('1. 您还有什么建议？'),
      expect.stringContaining('2. 您常去哪个出入口？'),
      expect.stringContaining('3. 您使用过哪些设施？'),
    ]);
  // the server keeps the new order, with each question's options
  const id = Number(await r.getAttribute('data-row-key'));
  const saved = await api<QuestionnaireDetail>(page, '/Web/Community/Questionnaire/QuestionnaireGet', { id });
  expect(saved.questions.map((q) => [q.title, q.type, q.Answer.map((a) => a.text)])).toEqual([
    ['您还有什么建议？', 3, []],
    ['您常去哪个出入口？', 1, ['东门', '西门']],
    ['您使用过哪些设施？', 2, ['健身区', '游泳池']],
  ]);
  await page.keyboard.press('Escape');
  await expect(modal(page, '编辑问卷')).toHaveCount(0);

  // 发布 asks first, then the row says 已发布 and offers 发布 no more
  await r.getByTestId('custom-questionnairePublish').click();
  await confirmDialog(page);
  await expect(r).toContainText('已发布');
  await expect(r.getByTestId('custom-questionnairePublish')).toHaveCount(0);
});

test('查看问卷: every option as a bar with its count and share; 导出 downloads a real xlsx', async ({ page }) => {
  test.setTimeout(budget(45_000));
  await login(page, property);
  const demo = (
    await api<Rows<{ id: number }>>(page, '/Web/Community/Questionnaire/list', { title: DEMO_QUESTIONNAIRE })
  ).records[0]!;
  const expected = await api<QuestionnaireResults>(page, '/Web/Community/Questionnaire/results', { id: demo.id });
  await openList(page, QUESTIONNAIRES);
  await row(page, DEMO_QUESTIONNAIRE).getByTestId('row-action-questionnaireView').click();
  const results = page.getByTestId('questionnaire-results');
  await expect(results.getByTestId('respondents')).toHaveText('15');
  const blocks = results.getByTestId('question-result');
  await expect(blocks).toHaveCount(3);
  const single = expected.questions[0]!;
  await expect(blocks.first().locator('.ant-progress')).toHaveCount(single.options.length);
  await expect(blocks.first().getByTestId('option-figure')).toHaveText(
    single.options.map((o) => `${o.num}人 ${o.percent}`),
  );
  expect(single.options.every((o) => /^\d+\.\d{2}%$/.test(o.percent))).toBe(true);
  // the 问答 lists what people wrote
  await expect(blocks.nth(2)).toContainText('希望夜间加强巡逻');

  const download = page.waitForEvent('download');
  await results.getByTestId('questionnaire-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${DEMO_QUESTIONNAIRE}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await file.path())!);
  const ws = wb.worksheets[0]!;
  expect(ws.getCell('A1').value).toBe(DEMO_QUESTIONNAIRE);
  expect(ws.getCell('A2').value).toBe('题目');
  expect(ws.getCell('A3').value).toBe(single.title);
  expect(ws.getCell('C3').value).toBe(single.options[0]!.text);
  expect(ws.getCell('D3').value).toBe(single.options[0]!.num);
  expect(ws.getCell('E3').value).toBe(single.options[0]!.percent);
});

test('社区投票: a new resolution waits for 审核; approved, it is published (投票中); staff enter written ballots', async ({
  page,
}) => {
  test.setTimeout(budget(75_000));
  const title = `e2e表决${String(Date.now()).slice(-6)}`;
  await login(page, property);
  await openList(page, VOTES);
  await vis(page, 'toolbar-add').click();
  await expect(page.getByTestId('form-dialog')).toBeVisible();
  await pick(page, formItem(page, 'village_id'), '阳光花园');
  await formItem(page, 'title').locator('input').fill(title);
  await pick(page, formItem(page, 'vote_type'), '业主大会表决（一般事项）');
  await fillDate(page, 'etime', shanghai(10));
  await page.getByTestId('form-submit').click();
  await expect(page.getByTestId('form-dialog')).toBeHidden();
  const r = row(page, title);
  await expect(r).toContainText('待审核');
  // a resolution's choices are fixed
  await expect(r).toContainText('同意、反对、弃权');

  await r.getByTestId('row-action-voteReview').click();
  const dialog = modal(page, '审核投票');
  await expect(dialog.getByTestId('vote-review-detail')).toContainText('选项：同意、反对、弃权');
  await dialog.getByTestId('vote-review-type').getByText('通过').click();
  await dialog.getByTestId('vote-review-note').fill('材料齐全');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('审核成功')).toBeVisible();
  await expect(r).toContainText('投票中');
  await expect(r).toContainText('材料齐全');
  await expect(r.getByTestId('row-action-voteReview')).toHaveCount(0);

  // 录入书面表决: the developer's written vote for its units without an owner, then an owner's paper ballot
  const id = (await api<Rows<{ id: number }>>(page, '/Web/Community/Vote/list', { title })).records[0]!.id;
  const { list, developer_units } = await api<{ list: VoteVoterOption[]; developer_units: number }>(
    page,
    '/Web/Community/Vote/voters',
    { id },
  );
  expect(developer_units).toBeGreaterThan(0);
  await r.getByTestId('row-action-voteView').click();
  const results = page.getByTestId('vote-results');
  const record = async (voter: string, search: string, option: string, remark: string) => {
    await results.getByTestId('vote-written-open').click();
    const form = page.locator('.ant-modal:visible').filter({ has: page.getByTestId('vote-written-form') });
    const input = form.getByTestId('form-item-voter').locator('input');
    const choice = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: voter }).first();
    // the dialog may still be opening: type until the voter is offered
    await expect(async () => {
      await input.click({ timeout: 2000 });
      await input.fill(search);
      await expect(choice).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: budget(15_000) });
    await choice.click();
    await form.getByText(option, { exact: true }).click();
    await form.locator('textarea').fill(remark);
    await pressUntilGone(form, form.getByRole('button', { name: /确\s*定|OK/ }));
    await expect(page.getByText('书面表决已录入').last()).toBeVisible();
  };
  await record(`建设单位（未登记业主的房屋 ${developer_units} 套）`, '', '同意', '建设单位盖章意见书');
  const voterRows = results.getByTestId('vote-voters').locator('tbody tr.ant-table-row');
  await expect(voterRows.filter({ hasText: '建设单位' })).toContainText('建设单位盖章意见书');
  const owner = list.find((p) => !p.voted)!;
  await record(`${owner.name} · ${owner.address}`, owner.name, '反对', '纸质票001');
  await expect(voterRows).toHaveCount(2);
  await expect(voterRows.filter({ hasText: owner.name })).toContainText('纸质票001');
  await expect(results.getByTestId('vote-persons')).toHaveText('2');
  const tally = await api<VoteView>(page, '/Web/Community/Vote/cview', { id });
  expect(tally.tally).toMatchObject({ owners_voted: 2, owners_yes: 1 });
});

test('表决结果: 翠湖名苑 passes by headcount, fails by area → 未通过; the voters of 同意 and the printed sheet', async ({
  page,
}) => {
  test.setTimeout(budget(60_000));
  await login(page, property);
  const demo = (await api<Rows<{ id: number }>>(page, '/Web/Community/Vote/list', { title: DEMO_RESOLUTION }))
    .records[0]!;
  const v = await api<VoteView>(page, '/Web/Community/Vote/cview', { id: demo.id });
  const t = v.tally!;
  // the demo is what this test shows: participation met, more than half of the owners yes, not half the area
  expect(t.turnout_met).toBe(true);
  expect(t.owners_yes * 2).toBeGreaterThan(t.owners_voted);
  expect(Number(t.area_yes) * 2).toBeLessThanOrEqual(Number(t.area_voted));

  await openList(page, VOTES);
  await row(page, DEMO_RESOLUTION).getByTestId('row-action-voteView').click();
  const results = page.getByTestId('vote-results');
  await expect(results).toContainText('翠湖名苑');
  const tally = results.getByTestId('vote-tally');
  for (const [label, figure] of [
    ['总面积(㎡)', t.area_total],
    ['参与面积(㎡)', t.area_voted],
    ['同意面积(㎡)', t.area_yes],
    ['总人数', t.owners_total],
    ['参与人数', t.owners_voted],
    ['同意人数', t.owners_yes],
  ] as const) {
    await expect(tally.locator('th', { hasText: label }).locator('+ td')).toHaveText(String(figure));
    if (label.includes('面积')) expect(String(figure)).toMatch(/^\d+\.\d{2}$/);
  }
  await expect(tally).toContainText(
    '一般事项：参与表决面积和人数均达三分之二以上，且同意面积和人数均超过参与表决的半数',
  );
  await expect(results.getByTestId('vote-verdict')).toHaveText('未达到同意比例，未通过');

  // 同意 clicked: only its voters are listed
  const yes = v.votOptions.find((o) => o.text === '同意')!;
  const voters = await api<VoteVoter[]>(page, '/Web/Community/Vote/cviewdetail', { rowId: demo.id, id: yes.id });
  expect(voters).toHaveLength(yes.num);
  await results.getByTestId(`vote-option-${yes.id}`).click();
  await expect(results.getByTestId(`vote-option-${yes.id}`)).toHaveAttribute('data-chosen', 'true');
  const voterRows = results.getByTestId('vote-voters').locator('tbody tr.ant-table-row');
  await expect(voterRows).toHaveCount(Math.min(10, yes.num));
  await expect(voterRows.first()).toContainText(voters[0]!.name);
  for (const cell of await voterRows.locator('td:nth-child(4)').allInnerTexts()) expect(cell).toBe('同意');

  // 打印结果: the sheet with every figure, the rule, the verdict and every voter; 打印 calls the browser's print
  const [popup] = await Promise.all([page.waitForEvent('popup'), results.getByTestId('vote-print-open').click()]);
  await expect(popup.getByTestId('vote-print-title')).toHaveText(DEMO_RESOLUTION);
  await expect(popup.getByTestId('vote-print-sheet')).toContainText('小区：翠湖名苑');
  await expect(popup.getByTestId('vote-print-period')).toHaveText(/^表决期间：\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}$/);
  const sheetTally = popup.getByTestId('vote-print-tally');
  for (const figure of [t.area_total, t.area_voted, t.area_yes]) await expect(sheetTally).toContainText(figure);
  await expect(sheetTally.locator('tbody tr').nth(1)).toContainText(
    `${t.owners_total}${t.owners_voted}${t.owners_yes}`,
  );
  await expect(popup.getByTestId('vote-print-rule')).toHaveText(
    '适用规则：参与表决：专有部分面积与人数均达三分之二以上；一般事项：参与表决者面积与人数均过半数同意',
  );
  await expect(popup.getByTestId('vote-print-verdict')).toHaveText('结论：未达到同意比例，未通过');
  await expect(popup.getByTestId('vote-print-voters').locator('tbody tr')).toHaveCount(v.persons);
  await expect(popup.getByTestId('vote-print-voters')).toContainText(voters[0]!.name);
  await popup.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await popup.getByTestId('vote-print').click();
  expect(await popup.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await popup.close();
});

import type { Browser, Page } from '@playwright/test';
import { budget, expect } from './fixtures.ts';
import { api, login, property } from './helpers.ts';

/** a resident's phone page, and the sandbox's texts as staff see them in 短信记录 */
export const H5 = '/h5';
const SMS = '/Web/Setting/SmsLog/list';

export type Rows<T> = { records: T[] };
export type Person = { id: number; name: string; tel: string; status: number | string; house_id?: number };
type SmsRow = { id: number; phone: string; content: string };

/** a resident's phone: its own browser, no staff login */
export const phone = async (browser: Browser, baseURL: string | undefined) =>
  (
    await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  ).newPage();

export const sunshine = async (page: Page) =>
  (await api<{ label: string; value: number }[]>(page, '/Web/Basic/Village/options')).find(
    (v) => v.label === '阳光花园',
  )!.value;

let seq = 0;
/** a phone number no earlier run registered: a phone gets one code a minute, so no two tests (nor a retry) share one */
const freshTel = () => `16${String(Date.now()).slice(-8)}${seq++ % 10}`;

const firstHouse = async (page: Page, village: number) =>
  (await api<Rows<{ id: number }>>(page, '/Web/Basic/House/list', { village_id: village, size: 1 })).records[0]!.id;

/** a new approved resident of a house (the first of 阳光花园 unless given) with a phone of his own, added by `staff` */
export const freshResident = async (staff: Page, house?: number): Promise<Person> => {
  const houseId = house ?? (await firstHouse(staff, await sunshine(staff)));
  const tel = freshTel();
  const name = `e2e住户${tel.slice(-6)}`;
  const { id } = await api<{ id: number }>(staff, '/Web/Basic/GatePerson/add', {
    row: { house_id: houseId, name, tel, status: 1, is_livein: 1 },
  });
  return { id, name, tel, status: 1, house_id: houseId };
};

type Ctx = { page: Page; browser: Browser; baseURL: string | undefined };

/** property's staff signed in on `page`, and a new resident (of `house`) signed in on his own phone */
export const residentOnPhone = async ({ page, browser, baseURL }: Ctx, house?: number) => {
  await login(page, property);
  const who = await freshResident(page, house);
  const guest = await phone(browser, baseURL);
  await signIn(page, guest, who.tel);
  return { who, guest };
};

export const newestSms = async (page: Page, tel: string) =>
  (await api<Rows<SmsRow>>(page, SMS, { phone: tel, size: 1 })).records[0] ?? null;

/** the text the sandbox provider kept for this phone after `after` (an sms id) */
export const smsAfter = async (page: Page, tel: string, after: number) => {
  let text = '';
  await expect
    .poll(
      async () => {
        const row = await newestSms(page, tel);
        text = row && row.id > after ? row.content : '';
        return text;
      },
      { timeout: budget(10_000) },
    )
    .not.toBe('');
  return text;
};

/** 获取验证码 on the phone, the code read from 短信记录 as staff */
export const requestCode = async (staff: Page, guest: Page, tel: string) => {
  const before = (await newestSms(staff, tel))?.id ?? 0;
  await guest.getByTestId('resident-phone').fill(tel);
  await guest.getByTestId('resident-send-code').click();
  await expect(guest.getByText('验证码已发送')).toBeVisible();
  await expect(guest.getByTestId('resident-send-code')).toHaveText(/\d+秒后重新获取/);
  return /(\d{6})/.exec(await smsAfter(staff, tel, before))![1]!;
};

/** signs the phone in as `tel` and waits for his home */
export const signIn = async (staff: Page, guest: Page, tel: string) => {
  await guest.goto(H5);
  const code = await requestCode(staff, guest, tel);
  await guest.getByTestId('resident-code').fill(code);
  await guest.getByTestId('resident-login').click();
  await expect(guest.getByTestId('resident-home')).toBeVisible({ timeout: budget(10_000) });
};

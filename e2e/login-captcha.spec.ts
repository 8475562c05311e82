import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** submits the form and waits for the login call's answer, so each try is counted before the next */
const submit = async (page: Page) => {
  const answered = page.waitForResponse((r) => r.url().includes('/Passport/User/Login/web'));
  await page.getByTestId('login-submit').click();
  await answered;
};

test('failed logins bring up the image captcha instead of a lock; a wrong answer is refused with a new picture', async ({
  page,
}) => {
  await page.goto('/login');
  // a name of its own: its failures ask no other test's logins for a captcha
  await page.getByTestId('login-username').fill('captcha_probe');
  await page.getByTestId('login-password').fill('wrong_pass1');
  await submit(page);
  await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');
  await expect(page.getByTestId('login-captcha')).toHaveCount(0);
  await submit(page);
  await submit(page);
  await expect(page.getByTestId('login-error')).toContainText('请输入验证码后重试');
  const image = page.getByTestId('login-captcha-image');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);

  // the answer is required before anything is sent
  await page.getByTestId('login-submit').click();
  await expect(page.locator('#login-ticket-error')).toHaveText('请输入验证码');

  const first = await image.getAttribute('src');
  await page.getByTestId('login-captcha').fill('abcd');
  await submit(page);
  await expect(page.getByTestId('login-error')).toContainText('验证码错误或已过期，请重新输入');
  // one picture answers one try: a new one is shown and the answer field is empty again
  await expect(image).not.toHaveAttribute('src', first ?? '');
  await expect(page.getByTestId('login-captcha')).toHaveValue('');
});

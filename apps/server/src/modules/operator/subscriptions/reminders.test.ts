import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatDate } from '../../../core/time.ts';
import { type DemoApp, openDemo } from '../../estate/testing.ts';
import { sweepExpiryReminders } from './reminders.ts';

let { t, property, propertyb, ids } = {} as DemoApp;
beforeAll(async () => ({ t, property, propertyb, ids } = await openDemo()));
afterAll(() => t.close());

const day = (n: number) => formatDate(new Date(Date.now() + n * 86400_000));
const unread = async (token: string) =>
  (await t.post<{ title: string }[]>('/Web/Basic/PlatformInformation/unNotified', {}, token)).body.data.filter(
    (n) => n.title === '物业服务到期提醒',
  );
const notices = async (tenantId: number) =>
  t.rows<{ content: string }>(
    sql`select content from platform_notices where ${tenantId}::int = any(tenant_ids) and title = '物业服务到期提醒' order by id`,
  );

describe('到期提醒', () => {
  it('reminds a company once per expiry date and lead, however often the sweep runs', async () => {
    await t.db.execute(sql`update tenants set service_expire = ${day(7)}::date where id = ${ids.tenantB}`);
    await t.db.execute(sql`update tenants set service_expire = ${day(45)}::date where id = ${ids.tenantA}`);
    await sweepExpiryReminders(t.db);
    await sweepExpiryReminders(t.db);
    expect((await notices(ids.tenantB)).map((n) => n.content)).toEqual([
      `<p>您的物业服务将于${day(7)}到期（剩余7天），请及时续费</p>`,
    ]);
    // its users see it among their unread announcements; the other company is not told
    expect(await unread(propertyb)).toHaveLength(1);
    expect(await unread(property)).toHaveLength(0);
    expect(await notices(ids.tenantA)).toHaveLength(0);

    // a day later inside the same lead: nothing new; at one day left: the last reminder
    await sweepExpiryReminders(t.db, new Date(Date.now() + 86400_000));
    expect(await notices(ids.tenantB)).toHaveLength(1);
    await sweepExpiryReminders(t.db, new Date(Date.now() + 6 * 86400_000));
    await sweepExpiryReminders(t.db, new Date(Date.now() + 6 * 86400_000));
    expect((await notices(ids.tenantB)).map((n) => n.content)[1]).toBe(
      `<p>您的物业服务将于${day(7)}到期（剩余1天），请及时续费</p>`,
    );
    expect(await notices(ids.tenantB)).toHaveLength(2);

    // renewed to a new date: reminded again for that date when its time comes
    await t.db.execute(sql`update tenants set service_expire = ${day(30)}::date where id = ${ids.tenantB}`);
    await sweepExpiryReminders(t.db);
    expect(await notices(ids.tenantB)).toHaveLength(3);
    expect(
      await t.rows(
        sql`select days from expiry_reminders where kind = 'tenant' and target_id = ${ids.tenantB} order by id`,
      ),
    ).toEqual([{ days: 7 }, { days: 1 }, { days: 30 }]);
  });

  it('records an operator’s contract reminder once', async () => {
    const [op] = await t.rows<{ id: number }>(
      sql`insert into operators (name, expire_date) values ('提醒运营商', ${day(3)}::date) returning id`,
    );
    expect((await sweepExpiryReminders(t.db)).operators).toBe(1);
    expect((await sweepExpiryReminders(t.db)).operators).toBe(0);
    expect(
      await t.rows(
        sql`select days, expire_date::text from expiry_reminders where kind = 'operator' and target_id = ${op!.id}`,
      ),
    ).toEqual([{ days: 7, expire_date: day(3) }]);
  });
});

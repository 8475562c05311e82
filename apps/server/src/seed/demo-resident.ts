import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { smsMessages } from '../modules/resident/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * 短信记录 of each company: login codes its residents were sent through the sandbox this week, and a payment link,
 * so the screen shows what the phone page's sign-in looks like from the office. The residents are the company's
 * first approved ones with a phone.
 */
export const seedSmsLog = async (tx: Tx, tenantIds: readonly number[]) => {
  for (const tenantId of tenantIds)
    await tx.execute(sql`
      with people as (
        select p.name, p.tel, row_number() over (order by p.id) as n from gate_persons p
        where p.tenant_id = ${tenantId} and p.status = 1 and p.tel ~ '^1[3-9][0-9]{9}$' order by p.id limit 4
      )
      insert into ${smsMessages} (tenant_id, phone, purpose, content, provider, created_at)
      select ${tenantId}, tel, case when n = 4 then 'link' else 'login' end,
        case when n = 4
          then name || '您好，请点击链接缴纳账单：http://127.0.0.1:8080/h5?link=demo-expired-link，72小时内有效。'
          else '您的登录验证码为' || lpad(((n * 379721) % 1000000)::text, 6, '0') || '，5分钟内有效。如非本人操作，请忽略本短信。'
        end,
        'sandbox', now() - make_interval(hours => (n * 17)::int)
      from people`);
};

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/client.ts';
import { formatDate } from '../core/time.ts';
import { operators, tenants } from '../modules/tenancy/schema.ts';
import { users } from '../modules/auth/schema.ts';
import { serviceOrders, services, tenantServices } from '../modules/fees/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type State = 'SUCCESS' | 'NOTPAY' | 'CLOSED';

/** n days ago at hh:mm Shanghai time */
const at = (daysAgo: number, hhmm: string) =>
  new Date(`${formatDate(new Date(Date.now() - daysAgo * 86_400_000))}T${hhmm}:00+08:00`);

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** the trade number as the order flow makes it: R, the company, the time in base 36, random hex */
const tradeNo = (tenantId: number, created: Date, salt: string) =>
  `R${tenantId}${created.getTime().toString(36).toUpperCase()}${digest(salt).slice(0, 10).toUpperCase()}`.slice(0, 32);

/** a WeChat Pay transaction id: 42000 + 5 digits + the paid date + 10 digits */
const transactionId = (paid: Date, salt: string) =>
  `42000${BigInt(`0x${digest(salt).slice(0, 12)}`)
    .toString()
    .padStart(15, '0')
    .slice(0, 5)}${formatDate(paid).replaceAll('-', '')}${BigInt(`0x${digest(`${salt}:tx`).slice(0, 12)}`)
    .toString()
    .padStart(15, '0')
    .slice(0, 10)}`;

/**
 * 续费订单 as the companies' renewals wrote them over the past year (服务续费 → WeChat Pay → settlement):
 * 阳光物业's paid renewals, each ending where its subscription now ends and stamped with the operator's
 * share, and its unpaid order for the lapsed 电子发票; 惠民物业 (5 days left) has ordered its platform renewal
 * but not paid yet; 康居物业 (lapsed) let its order's QR code expire.
 */
export const seedRenewalOrders = async (tx: Tx, ids: { tenantA: number; tenantC: number; tenantD: number }) => {
  const plan: { tenant: number; code: string; years: number; state: State; login: string; daysAgo: number }[] = [
    { tenant: ids.tenantA, code: 'platform', years: 1, state: 'SUCCESS', login: 'property', daysAgo: 296 },
    { tenant: ids.tenantA, code: 'online_pay', years: 2, state: 'SUCCESS', login: 'property', daysAgo: 213 },
    { tenant: ids.tenantA, code: 'access', years: 1, state: 'SUCCESS', login: 'property', daysAgo: 124 },
    { tenant: ids.tenantA, code: 'parking', years: 1, state: 'SUCCESS', login: 'property', daysAgo: 61 },
    { tenant: ids.tenantA, code: 'sms', years: 1, state: 'SUCCESS', login: 'property', daysAgo: 33 },
    { tenant: ids.tenantD, code: 'platform', years: 1, state: 'CLOSED', login: 'propertyd', daysAgo: 14 },
    { tenant: ids.tenantA, code: 'einvoice', years: 1, state: 'NOTPAY', login: 'property', daysAgo: 3 },
    { tenant: ids.tenantC, code: 'platform', years: 1, state: 'NOTPAY', login: 'propertyc', daysAgo: 1 },
  ];
  const rows = plan.map((p, i) => {
    const created = at(p.daysAgo, `${String(9 + (i % 8)).padStart(2, '0')}:${String(11 + i * 6).padStart(2, '0')}`);
    const paid = p.state === 'SUCCESS' ? new Date(created.getTime() + (70 + i * 13) * 1000) : null;
    const no = tradeNo(p.tenant, created, `${p.tenant}-${p.code}-${i}`);
    const code = `weixin://wxpay/bizpayurl?pr=${digest(no).slice(0, 7)}`;
    return sql`(${p.tenant}::int, ${p.code}, ${p.years}::int, ${no}, ${p.state}, ${paid ? transactionId(paid, no) : ''},
      ${code}, ${p.login}, ${created.toISOString()}::timestamptz, ${paid?.toISOString() ?? null}::timestamptz)`;
  });
  // the settlement's stamps: the subscription's new end, the company's operator and its share at that day's percentage
  await tx.execute(sql`
    insert into ${serviceOrders} (tenant_id, service_id, years, amount, pay_method, out_trade_no, state, provider, code_url,
      transaction_id, end_date, user_id, user_name, operator_id, share_amount, created_at, paid_at, updated_at)
    select t.id, s.id, d.years, s.price * d.years, 4, d.no, d.state, 'wechat', d.qr, d.tx,
      case when d.state = 'SUCCESS' then coalesce(ts.end_date, t.service_expire) end, u.id, u.name,
      case when d.state = 'SUCCESS' then t.operator_id end,
      case when d.state = 'SUCCESS' then coalesce(round(s.price * d.years * op.share_percent / 100), 0)::bigint else 0 end,
      d.created, d.paid,
      -- an unpaid order's QR code closes after two hours
      case d.state when 'SUCCESS' then d.paid when 'CLOSED' then d.created + interval '2 hours' else d.created end
    from (values ${sql.join(rows, sql`, `)}) d(tenant_id, code, years, no, state, tx, qr, login, created, paid)
    join ${tenants} t on t.id = d.tenant_id
    join ${services} s on s.code = d.code
    left join ${tenantServices} ts on ts.tenant_id = t.id and ts.service_id = s.id and s.code <> 'platform'
    left join ${operators} op on op.id = t.operator_id
    left join ${users} u on u.kind = 'web' and u.user_name = d.login
    order by d.created`);
};

import { sql } from 'drizzle-orm';
import type { ExpectedSource, PassageIdentity } from '../access/index.ts';
import { visitors } from './schema.ts';

/**
 * The doors' part of a visitor's pass: an approved visitor opens his village's doors while his window holds, and
 * leaves every door's list when it ends (the lists are computed, so nothing has to remove him). The photo he
 * registered with is the face he gave for it; his card is none (he comes in by face or by the QR code). Status 1 is
 * 已通过.
 */
export const visitorDoorSource: ExpectedSource = sql`
  select d.id, 'V' || v.id, 'visitor', v.id, v.name::text, ''::text, v.avatar <> '', v.avatar::text
  from d join ${visitors} v on v.tenant_id = d.tenant_id and v.village_id = d.village_id
  where v.status = 1 and v.pass_start <= now() and v.pass_end > now()`;

/**
 * A passage naming `V<id>` is that visitor of the device's village: valid while he is approved and his window holds
 * at the passage's time (a visitor is never barred; his QR issue is his pass).
 */
export const visitorPassageIdentity: PassageIdentity = {
  prefix: 'V',
  lookup: sql`select v.id, v.name, v.avatar as pic,
      (v.status = 1 and v.pass_start <= e.at and v.pass_end > e.at) as valid, false as barred, 1 as qr_version
    from ${visitors} v
    where v.id = e.other_id and v.tenant_id = d.tenant_id and v.village_id = d.village_id limit 1`,
};

import { sql } from 'drizzle-orm';
import { PREVENTION_TAG } from '@5a/contracts/endpoints/prevention';
import type { AppRegistry } from '../../core/engine/registry.ts';
import { addExpectedExclusion, addPassageHold } from '../access/index.ts';
import { preventionControls } from './schema.ts';

/** the resident `p` carries the prevention tag (untagged, his control no longer applies) */
const tagged = sql`(',' || p.tags || ',') like ${`%,${PREVENTION_TAG},%`}`;

/**
 * The doors obey the pass status: a tagged resident in home isolation (2) or banned (3) is off every expected face
 * and card list of his doors until released (pass status back to 1), and a passage of his raises an alert naming why.
 */
export const registerDoorRules = (registry: AppRegistry) => {
  addExpectedExclusion(
    registry,
    sql`${tagged} and exists (select 1 from ${preventionControls} pc
      where pc.person_id = p.id and pc.tenant_id = p.tenant_id and pc.pass_status > 1)`,
  );
  addPassageHold(
    registry,
    sql`(select case pc.pass_status when 2 then '居家隔离人员通行' when 3 then '禁止通行人员通行' end
      from ${preventionControls} pc
      where pc.person_id = p.id and pc.tenant_id = p.tenant_id and pc.pass_status > 1 and ${tagged})`,
  );
};

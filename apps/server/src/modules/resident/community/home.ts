import type { ResidentHome, ResidentModuleKey } from '@5a/contracts/endpoints/resident';
import type { Db } from '../../../core/db/client.ts';
import { fail, notFound } from '../../../core/errors.ts';
import type { ResidentSession } from '../login/sessions.ts';
import { homesOf } from '../me/homes.ts';

export const MODULE_OFF = '所在小区未开通该功能';

/** the home a call acts as: one of the session's, in a village that has the module on */
export const homeFor = async (
  db: Db,
  s: ResidentSession,
  personId: number,
  module: ResidentModuleKey,
): Promise<ResidentHome> => {
  const home = (await homesOf(db, s)).find((h) => h.person_id === personId);
  if (!home) throw notFound('住户');
  if (!home.modules.includes(module)) throw fail(MODULE_OFF);
  return home;
};

import type { CityCentre } from '@5a/contracts';
import type { Db } from '../../../core/db/client.ts';
import type { AppRegistry } from '../../../core/engine/registry.ts';
import { formatDate } from '../../../core/time.ts';
import { countsOf } from '../screens/figures.ts';
import { villagePlace, type ScreenScope } from '../screens/scope.ts';
import { weatherFor } from '../weather/service.ts';
import { agesOf, devicesOf, eventsOf, peopleOf } from './figures.ts';

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10000) / 100 : 0);

/**
 * 城市信息中心 over the villages shown: the big screens' counters (the same statement as 社区大数据's), residents and
 * staff, age groups, the lent device counts, events, and the weather at the first located village.
 */
export const cityCentre = async (
  registry: AppRegistry,
  db: Db,
  s: ScreenScope,
  now = new Date(),
): Promise<CityCentre> => {
  const today = formatDate(now);
  const [c, people, ages, dev, ev, weather] = await Promise.all([
    countsOf(db, s, today),
    peopleOf(db, s),
    agesOf(db, s, today),
    devicesOf(registry, db, s),
    eventsOf(db, s),
    villagePlace(db, s.tenantId, s.villageIds).then((place) => weatherFor(registry, db, s.tenantId, place)),
  ]);
  return {
    vid: s.vid,
    villageOptions: s.villages,
    weather,
    overview: {
      village: s.villageIds.length,
      building: c.building,
      owner: c.owner,
      resident: people.resident,
      tenant: c.tenant,
      visitor: c.visitor,
      house: c.house,
      usingHouse: c.usingHouse,
      occupancyRate: pct(c.usingHouse, c.house),
    },
    staff: people.staff,
    ages,
    devices: dev.devices,
    events: ev.events,
    eventList: ev.list,
    iotTypes: dev.iotTypes,
  };
};

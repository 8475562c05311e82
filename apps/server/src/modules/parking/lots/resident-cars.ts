import { eq, sql } from 'drizzle-orm';
import { qualified } from '../../../core/db/sql.ts';
import type { ScreenExtension } from '../../../core/engine/extensions.ts';
import { defineResource } from '../../../core/engine/registry.ts';
import type { FieldDef, ResourceDef } from '../../../core/engine/types.ts';
import { fail } from '../../../core/errors.ts';
import { gatePersons } from '../../estate/index.ts';
import { monthlyCards } from '../schema-gate.ts';
import { vehicles } from '../schema.ts';
import { VEHICLE_ACTIVE, vehicleResource } from './vehicles.ts';

export const RESIDENT_CAR_ROUTE = '/Web/Parking/PersonCar/listConfig';

const readOnly = () => {
  throw fail('住户的车辆请在车辆管理中维护');
};
const vehicleField = (prop: string): FieldDef => {
  const f = vehicleResource.fields.find((x) => x.prop === prop);
  if (!f) throw new Error(`vehicle field ${prop} is not declared`);
  return { ...f, search: false, add: false, edit: false, import: false, batch: false };
};

/**
 * 车辆 below a resident (住户管理): his active cars with the end of their latest valid monthly card. Read-only here
 * (cars are kept in 车辆管理); it reads with the resident screen's right, as the resident's own detail does.
 */
export const residentCarResource: ResourceDef = defineResource({
  route: RESIDENT_CAR_ROUTE,
  title: '车辆',
  name: 'GatePerson',
  menu: false,
  table: vehicles,
  ownership: 'tenant',
  villageScoped: true,
  labelProp: 'plate',
  toolbar: [],
  rowActions: [],
  order: [{ column: 'id', dir: 'asc' }],
  fields: [
    vehicleField('plate'),
    vehicleField('colour'),
    vehicleField('car_type'),
    {
      prop: 'card_end',
      label: '月卡到期',
      type: 'date',
      computed: sql`(select max(c.end_date) from ${monthlyCards} c where c.vehicle_id = ${qualified(vehicles.id)} and c.tenant_id = ${qualified(vehicles.tenantId)} and c.status = 1)`,
      width: 110,
    },
  ],
  hooks: {
    scope: () => eq(vehicles.status, VEHICLE_ACTIVE),
    beforeSave: readOnly,
    beforeBatch: readOnly,
    beforeDelete: readOnly,
  },
});

/**
 * The resident screen learns of cars from here (estate comes before parking and may not import it): each row says
 * havingCar, computed in the page's own select (an index lookup per row on vehicles.person_id, so a page view stays
 * one statement), and the 车辆 tab below a clicked resident shows only when he has one.
 */
export const residentCarExtension: ScreenExtension = {
  of: gatePersons,
  footerTables: [
    { title: '车辆', route: RESIDENT_CAR_ROUTE, remoteKey: 'person_id', parentKey: 'id', showWhen: 'havingCar' },
  ],
  props: {
    havingCar: sql<boolean>`exists (select 1 from ${vehicles} v where v.person_id = ${qualified(gatePersons.id)} and v.tenant_id = ${qualified(gatePersons.tenantId)} and v.status = ${sql.raw(String(VEHICLE_ACTIVE))})`,
  },
};

import { randomBytes } from 'node:crypto';
import type { Db } from '../core/db/client.ts';
import { accessDevices } from '../modules/access/schema.ts';
import { parkingGates, parkingLots } from '../modules/parking/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Company B's devices, so every layer of its 一张图 has something on first start: a face terminal at 安居小区's gate
 * (no signing secret: a real device gets one by 重置密钥; called a minute ago, so 在线 until the window passes) and a
 * small car park with its entry lane. Written last, so the ids of everything before stay what the tests know.
 */
export const seedOneMapB = async (tx: Tx, ids: { tenantB: number; villageB: number }) => {
  await tx.insert(accessDevices).values({
    tenantId: ids.tenantB,
    villageId: ids.villageB,
    name: '安居大门人脸机',
    deviceType: 2,
    gateno: 'AJ-MJ-01',
    model: 'DS-K1T671M',
    direction: 1,
    path: '小区大门',
    worker: '孙伟',
    workerphone: '13857200001',
    secret: '',
    lastHeartbeat: new Date(Date.now() - 60_000),
  });
  const [lot] = await tx
    .insert(parkingLots)
    .values({
      tenantId: ids.tenantB,
      villageId: ids.villageB,
      name: '安居小区停车场',
      code: 'AJ-S1',
      capacity: 30,
      lonlat: '120.1449,30.3008',
      address: '小区南门',
      freeMinutes: 15,
      hourPrice: 200,
      dayCap: 2000,
    })
    .returning({ id: parkingLots.id });
  await tx.insert(parkingGates).values({
    tenantId: ids.tenantB,
    villageId: ids.villageB,
    lotId: lot!.id,
    name: '南门入口车道',
    parkcode: 'AJ-S1-IN',
    direction: 1,
    personName: '门岗值班',
    phone: '13800000000',
    lonlat: '120.1449,30.3008',
    secret: randomBytes(32).toString('hex'),
  });
};

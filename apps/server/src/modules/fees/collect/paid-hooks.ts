import type { Tx } from '../../../core/engine/types.ts';
import { appSlot, type AppRegistry } from '../../../core/engine/registry.ts';

/**
 * What another module does when bills are paid (a parking renewal extends its space). A hook runs inside the
 * transaction that marks the bills paid, with their company and ids (one collection is one company's), so what it
 * writes commits or rolls back with the payment; it must apply each bill at most once (a bill is marked paid once,
 * but a hook should not rely on being called once).
 */
export type BillsPaidHook = (tx: Tx, tenantId: number, billIds: readonly number[]) => Promise<void>;

// per app: a hook registered by one app never runs in another (a set: registering one twice changes nothing)
const hooksSlot = appSlot('fees.billsPaid', () => new Set<BillsPaidHook>());

/** Registers a hook for every collection (on site, online settlement, balance) of this app. */
export const onBillsPaid = (registry: AppRegistry, hook: BillsPaidHook): void => {
  registry.slot(hooksSlot).add(hook);
};

export const runBillsPaid = async (
  registry: AppRegistry,
  tx: Tx,
  tenantId: number,
  billIds: readonly number[],
): Promise<void> => {
  if (billIds.length === 0) return;
  for (const hook of registry.slot(hooksSlot)) await hook(tx, tenantId, billIds);
};

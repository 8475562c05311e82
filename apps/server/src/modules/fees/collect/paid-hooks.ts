import type { Tx } from '../../../core/engine/types.ts';

/**
 * What another module does when bills are paid (a parking renewal extends its space). A hook runs inside the
 * transaction that marks the bills paid, with their ids, so what it writes commits or rolls back with the payment;
 * it must apply each bill at most once (a bill is marked paid once, but a hook should not rely on being called once).
 */
export type BillsPaidHook = (tx: Tx, billIds: readonly number[]) => Promise<void>;

// a set: the app is built more than once per process (tests), registering the same hook again changes nothing
const hooks = new Set<BillsPaidHook>();

/** Registers a hook for every collection (on site, online settlement, balance). */
export const onBillsPaid = (hook: BillsPaidHook): void => {
  hooks.add(hook);
};

export const runBillsPaid = async (tx: Tx, billIds: readonly number[]): Promise<void> => {
  if (billIds.length === 0) return;
  for (const hook of hooks) await hook(tx, billIds);
};

/** The plate rule lives in the contracts: the phone pay page checks a plate the same way. */
export { normalizePlate, plateKind, type PlateKind } from '@5a/contracts';

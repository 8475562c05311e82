import { setFlagsFromString } from 'node:v8';

/**
 * How much V8 lets the old generation grow after each full GC: 30 % rather than its own factor
 * (up to 4× when GC is cheap). A long export promotes short-lived rows steadily, and with V8's
 * factor the server's RSS climbed ~150 MB above its baseline before a full GC came; at 30 % it
 * stays within ~20 MB of it, for ~10 % of an export's speed (docs/benchmarks.md, export at scale).
 * V8 reads the flag at every GC, so setting it at startup, before any load, is enough.
 */
export const HEAP_GROWING_PERCENT = 30;

export const boundHeapGrowth = () => setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

export { announce, onChange, type Change } from './changes.ts';
export { attachBus, busOf, localBus, postgresBus, BUS_CHANNEL, REAPPLY_MS, type ClusterBus } from './cluster.ts';

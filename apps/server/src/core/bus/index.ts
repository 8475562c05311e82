export { announce, onChange, type Change } from './changes.ts';
export {
  attachBus,
  busOf,
  localBus,
  postgresBus,
  BUS_CHANNEL,
  BUS_APPLICATION,
  REAPPLY_MS,
  type ClusterBus,
} from './cluster.ts';

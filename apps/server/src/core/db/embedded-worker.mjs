// Worker entry: Node 20 loads a worker's entry before --import hooks apply, so register tsx here.
import { register } from 'tsx/esm/api';

register();
await import('./embedded-worker.ts');

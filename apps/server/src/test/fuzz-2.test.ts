import { fuzzShard } from './fuzz.ts';

await fuzzShard(2);

// Node, Deno and Bun: print the digests as one JSON line.
import { traceDigests } from './probe.mjs';

console.log(JSON.stringify(await traceDigests()));

// workerd: `workerd test` calls test(); the digests go to the log as one line.
import { traceDigests } from './probe.mjs';

export default {
  async test() {
    console.log(`DIGESTS ${JSON.stringify(await traceDigests())}`);
  },
};

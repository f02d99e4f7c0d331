// Generated sequences (src/core/oracle/generate, live mode) on a real Kafka 4.4.0 broker and on the simulator:
// SGP_ORACLE_LIVE_SEQUENCES (default 200) sequences of SGP_ORACLE_STEPS (default 24) steps from SGP_ORACLE_SEED_OFFSET
// (default 0). Live mode keeps to what a real clock and a shared broker reproduce (the oracle's planner drops the
// rest); one sequence in FAILOVER_EVERY restarts the broker, alone. Prints the coverage table (live universe); each
// kind of divergence is shrunk to a minimal scenario in oracle/found/ and fails the test, unless oracle/accepted.md
// explains it ("generated diff").
// In the default run: the live-only divergences that once depended on the broker's timing are fixed at their root (the
// clean-up's leave of a member gone on its own, run ids that changed Kafka's hash order of topic names, the broker's
// own offsets-retention sweep, reads answered from whichever write of any run was committed last: each run now keeps
// its groups on a __consumer_offsets partition of its own), and a suite that passes on a retry is a failing suite. The
// default run's simulator gaps are listed seed by seed in oracle/live-open.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type Broker } from '../../oracle/harness/broker.ts';
import { runOracle } from '../../src/cli/oracle/command.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { LIVE_OPEN } from './accepted.ts';
import { runGenerated, sizeFromEnvironment } from './generatedSequences.ts';

const size = sizeFromEnvironment('SGP_ORACLE_LIVE_SEQUENCES', 200);
/** One sequence in this many includes a failover (a broker restart, ~15 s). */
const FAILOVER_EVERY = 100;
/** Sequences in flight at once on the shared broker (each runs in its own run-scoped names). */
const CONCURRENCY = 6;

let broker: Broker;
beforeAll(async () => {
  broker = await startBroker();
}, 600_000);
afterAll(async () => {
  await broker?.stop();
});

async function run(doc: Record<string, unknown>) {
  const parsed = parseScenario(JSON.stringify(doc));
  if (!parsed.ok) throw new Error(`generated scenario is invalid: ${parsed.errors[0]?.path}: ${parsed.errors[0]?.message}`);
  return runOracle('generated.json', parsed.scenario, { bootstrap: null, broker: false, json: false }, { host: broker.host, port: broker.port, restart: () => broker.restart() });
}

describe(`${size.count} generated sequences of ${size.steps} steps on a Kafka 4.4.0 broker`, () => {
  it(
    'agree with the simulator (0 unexplained divergences)',
    async () => {
      const { text, failures } = await runGenerated({
        engine: { name: 'live', mode: 'live', run },
        size,
        concurrency: CONCURRENCY,
        failoverEvery: FAILOVER_EVERY,
        shrinkRuns: 40,
        open: { list: LIVE_OPEN, file: 'oracle/live-open.md' },
        // a real broker's timing varies from run to run, so an accepted kind need not occur in every live run; the
        // shard run checks that each still occurs
        checkAcceptedStillOccur: false,
        checkNothingUnreached: false,
      });
      process.stdout.write(text);
      expect(failures).toEqual([]);
    },
    900_000 + size.count * 3_000,
  );
});

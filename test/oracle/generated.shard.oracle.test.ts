// Generated sequences over the whole scenario space (src/core/oracle/generate, exact mode) on Kafka 4.4.0's own group
// coordinator shard, in process and on the scenario's clock, and on the simulator. SGP_ORACLE_SHARD_SEQUENCES (default
// 5000) sequences of SGP_ORACLE_STEPS (default 24) steps from SGP_ORACLE_SEED_OFFSET (default 0);
// SGP_ORACLE_SHARD_ENGINES (default 2) JVMs share the work, one sequence at a time each (an engine's reset is global).
// Prints the coverage table; each kind of divergence is shrunk to a minimal scenario in oracle/found/ and fails the
// test, unless oracle/accepted.md explains it ("generated diff"). The default run also fails on an accepted kind that
// no longer occurs, and on anything the playground can produce that no sequence reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnShard, startShardEngine, type ShardEngine } from '../../src/cli/oracle/shard.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { GENERATED_OPEN } from './accepted.ts';
import { runGenerated, sizeFromEnvironment } from './generatedSequences.ts';

const size = sizeFromEnvironment('SGP_ORACLE_SHARD_SEQUENCES', 5000);
const ENGINES = Math.max(1, Number(process.env.SGP_ORACLE_SHARD_ENGINES ?? 2));

let engines: ShardEngine[] = [];
beforeAll(async () => {
  engines = await Promise.all(Array.from({ length: ENGINES }, () => startShardEngine()));
}, 600_000);
afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()));
});

/** The engines not running a sequence now; runSequences keeps at most ENGINES in flight, so one is always free. */
const idle: ShardEngine[] = [];

async function run(doc: Record<string, unknown>) {
  const parsed = parseScenario(JSON.stringify(doc));
  if (!parsed.ok) throw new Error(`generated scenario is invalid: ${parsed.errors[0]?.path}: ${parsed.errors[0]?.message}`);
  const engine = idle.pop();
  if (!engine) throw new Error('no idle shard engine: more sequences in flight than engines');
  try {
    return await runOnShard(parsed.scenario, { file: 'generated.json', engine });
  } finally {
    idle.push(engine);
  }
}

describe(`${size.count} generated sequences of ${size.steps} steps on Kafka 4.4.0's coordinator (shard engine)`, () => {
  it(
    'agree with the simulator (0 unexplained divergences), and reach everything the playground can produce',
    async () => {
      idle.push(...engines);
      const { text, failures } = await runGenerated({
        engine: { name: 'shard', mode: 'exact', run },
        size,
        concurrency: engines.length,
        failoverEvery: 0,
        shrinkRuns: 60,
        open: { list: GENERATED_OPEN, file: 'oracle/generated-open.md' },
        // the shard engine and the generator are deterministic: the default run meets the same kinds every time
        checkAcceptedStillOccur: size.isDefault,
        checkNothingUnreached: size.isDefault,
      });
      process.stdout.write(text);
      expect(failures).toEqual([]);
    },
    // about 50 ms a sequence on an idle machine; room for a loaded one and for shrinking
    600_000 + size.count * 400,
  );
});

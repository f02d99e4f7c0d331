// Generated sequences on a real Kafka 4.4.0 broker and on the simulator (src/core/oracle/generate/, live mode): simulated
// clients and raw heartbeats (static and dynamic members, instance-id conflicts, leaves, rejoins, stale and future
// epochs, owned-task lists in every combination, racks, tags, endpoints, task offsets, shutdown requests, invalid
// fields), offset and admin RPCs of every served version, group configs set mid-scenario, topics created, grown and
// deleted, clock moves a real clock can reproduce, and failovers. SGP_ORACLE_SEQUENCES (default 200) sets the count,
// SGP_ORACLE_STEPS (default 24) the length and SGP_ORACLE_SEED (default 0) the seed offset. The coverage table is
// printed (and written to oracle/found/coverage-broker.txt); each kind of divergence is shrunk (at most
// SGP_ORACLE_SHRINK_RUNS runs, default 30) to a minimal scenario, written to oracle/found/, and fails the test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type Broker } from '../../oracle/harness/broker.ts';
import { runOracle } from '../../src/cli/oracle/command.ts';
import type { OracleResult } from '../../src/core/oracle/compare.ts';
import { coverageUniverse, formatCoverage, unreached } from '../../src/core/oracle/coverage.ts';
import { runSequences, type SequenceEngine } from '../../src/core/oracle/sequences.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { unexplainedDiffs } from './accepted.ts';

const SEQUENCES = Number(process.env.SGP_ORACLE_SEQUENCES ?? 200);
const STEPS = Number(process.env.SGP_ORACLE_STEPS ?? 24);
const SEED = Number(process.env.SGP_ORACLE_SEED ?? 0);
/** Live runs a shrink may spend on each kind of divergence (each is a few seconds of a real broker). */
const SHRINK_RUNS = Number(process.env.SGP_ORACLE_SHRINK_RUNS ?? 30);
/** One sequence in this many includes a failover (a broker restart, ~15 s); they run one at a time. */
const FAILOVER_EVERY = 100;
const CONCURRENCY = 6;
const FOUND = join(import.meta.dirname, '../../oracle/found');

let broker: Broker;
beforeAll(async () => {
  broker = await startBroker();
});
afterAll(async () => {
  await broker?.stop();
});

type Json = Record<string, unknown>;

const liveBroker: SequenceEngine = {
  name: 'broker',
  mode: 'live',
  run: async (doc: Json): Promise<OracleResult> => {
    const parsed = parseScenario(JSON.stringify(doc));
    if (!parsed.ok) throw new Error(`generated scenario is invalid: ${parsed.errors[0]?.path}: ${parsed.errors[0]?.message}`);
    return runOracle('generated.json', parsed.scenario, { bootstrap: null, broker: false, json: false }, { host: broker.host, port: broker.port, restart: () => broker.restart() });
  },
};

const unexplained = (r: OracleResult): string[] =>
  r.steps.flatMap((s) => unexplainedDiffs(s).map((d) => `step ${s.index + 1} (${s.label}): ${d.path}: playground ${JSON.stringify(d.playground)}, Kafka ${JSON.stringify(d.kafka)}`));

describe(`${SEQUENCES} generated sequences of ${STEPS} steps (seeds ${SEED + 1}–${SEED + SEQUENCES}) on Kafka 4.4.0`, () => {
  it('agree with the simulator (0 unexplained divergences), and the coverage table is printed', async () => {
    const started = Date.now();
    const report = await runSequences(liveBroker, { count: SEQUENCES, steps: STEPS, seedOffset: SEED, concurrency: CONCURRENCY, failoverEvery: FAILOVER_EVERY, unexplained, shrinkRuns: SHRINK_RUNS });
    mkdirSync(FOUND, { recursive: true });
    const universe = coverageUniverse('live');
    const table = formatCoverage(report.coverage, universe, 'Kafka 4.4');
    writeFileSync(join(FOUND, 'coverage-broker.txt'), table);
    const files = report.divergences.map((d) => {
      if (!d.shrunk) return `same kind as seed ${d.sameAs}`;
      const file = join(FOUND, `generated-${d.seed}.json`);
      const title = `generated sequence ${d.seed}, shrunk from ${(d.original.steps as unknown[]).length} to ${(d.minimal.steps as unknown[]).length} steps`;
      writeFileSync(file, `${JSON.stringify({ ...d.minimal, title }, null, 2)}\n`);
      return `minimal scenario: ${file}`;
    });
    process.stdout.write(
      `${table}oracle: ${SEQUENCES} generated sequences on the live broker, ${report.requests} requests, ${report.droppedSteps} steps dropped for the real clock, ` +
        `${report.refused.length} refused, ${report.errors.length} failed to run, ${report.divergences.length} diverged, ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
    expect(report.errors.map((e) => `seed ${e.seed}: ${e.message}`)).toEqual([]);
    expect(report.refused.map((r) => `seed ${r.seed}: ${r.reasons.join('; ')}`)).toEqual([]);
    expect(
      report.divergences.map(
        (d, i) =>
          `seed ${d.seed}, ${d.signature} (${files[i]}):\n  ${(d.reproduced || !d.shrunk ? d.diffs : ['(not reproduced by the shrunk scenario; the first run differed:)', ...d.diffs]).slice(0, 8).join('\n  ')}`,
      ),
    ).toEqual([]);
    // with the default count, every item a live broker can produce is reached
    if (SEQUENCES >= 200) expect(unreached(report.coverage, universe)).toEqual([]);
  });
});

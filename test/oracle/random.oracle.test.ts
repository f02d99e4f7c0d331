// Seeded random request sequences on a real Kafka 4.4.0 broker and on the simulator: joins, heartbeats with random
// owned-task lists (null, empty, subsets, stale epochs), leaves, static leaves and rejoins, crashes, topic creation
// and partition changes, describes, and failovers. SGP_ORACLE_SEQUENCES (default 500) and SGP_ORACLE_STEPS (default
// 24) set the size. A divergence is shrunk to a minimal scenario, written to oracle/found/, and fails the test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type Broker } from '../../oracle/harness/broker.ts';
import { runOracle } from '../../src/cli/oracle/command.ts';
import type { OracleResult } from '../../src/core/oracle/compare.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { unexplainedDiffs } from './accepted.ts';
import { randomScenario } from './randomScenarios.ts';

const SEQUENCES = Number(process.env.SGP_ORACLE_SEQUENCES ?? 500);
const STEPS = Number(process.env.SGP_ORACLE_STEPS ?? 24);
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

async function run(doc: Json): Promise<OracleResult> {
  const parsed = parseScenario(JSON.stringify(doc));
  if (!parsed.ok) throw new Error(`generated scenario is invalid: ${parsed.errors[0]?.path}: ${parsed.errors[0]?.message}`);
  return runOracle('random.json', parsed.scenario, { bootstrap: null, broker: false, json: false }, { host: broker.host, port: broker.port, restart: () => broker.restart() });
}

const unexplained = (r: OracleResult): string[] =>
  r.refused
    ? r.refused.map((x) => `refused: ${x}`)
    : r.steps.flatMap((s) => unexplainedDiffs(s).map((d) => `step ${s.index + 1} (${s.label}): ${d.path}: playground ${JSON.stringify(d.playground)}, Kafka ${JSON.stringify(d.kafka)}`));

/** Delta debugging by single steps, bounded: drops every step whose removal keeps a divergence. */
async function shrink(doc: Json): Promise<Json> {
  let current = doc;
  let steps = current.steps as Json[];
  for (let i = steps.length - 1, tries = 0; i >= 0 && tries < 80; i--, tries++) {
    const candidate = { ...current, steps: steps.filter((_, j) => j !== i) };
    if (!parseScenario(JSON.stringify(candidate)).ok) continue;
    const r = await run(candidate);
    if (!r.refused && unexplained(r).length > 0) {
      current = candidate;
      steps = current.steps as Json[];
    }
  }
  return current;
}

describe(`${SEQUENCES} random sequences of ${STEPS} steps on Kafka 4.4.0`, () => {
  it('agree with the simulator (0 unexplained divergences)', async () => {
    const seeds = Array.from({ length: SEQUENCES }, (_, i) => i + 1);
    const failures: { seed: number; diffs: string[]; file: string }[] = [];
    let requests = 0;
    const check = async (seed: number) => {
      const doc = randomScenario(seed, { steps: STEPS, failover: seed % FAILOVER_EVERY === 0 });
      const r = await run(doc);
      requests += r.steps.filter((s) => s.kind === 'request').length;
      const diffs = unexplained(r);
      if (diffs.length === 0) return;
      const minimal = await shrink(doc);
      mkdirSync(FOUND, { recursive: true });
      const file = join(FOUND, `random-${seed}.json`);
      writeFileSync(
        file,
        `${JSON.stringify({ ...minimal, title: `random sequence ${seed}, shrunk from ${(doc.steps as unknown[]).length} to ${(minimal.steps as unknown[]).length} steps` }, null, 2)}\n`,
      );
      const again = unexplained(await run(minimal));
      // a divergence that the shrunk scenario does not show again is reported with the first run's differences
      failures.push({ seed, diffs: again.length > 0 ? again : ['(not reproduced by the shrunk scenario; the first run differed:)', ...diffs], file });
    };
    const plain = seeds.filter((s) => s % FAILOVER_EVERY !== 0);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < plain.length) await check(plain[next++]!);
      }),
    );
    // failovers restart the shared broker: one at a time, nothing else running
    for (const seed of seeds.filter((s) => s % FAILOVER_EVERY === 0)) await check(seed);
    process.stdout.write(`oracle: ${SEQUENCES} random sequences, ${requests} requests, ${failures.length} diverged\n`);
    expect(failures.map((f) => `seed ${f.seed} (minimal scenario: ${f.file}):\n  ${f.diffs.slice(0, 8).join('\n  ')}`)).toEqual([]);
  });
});

// Every example and every scenario file under test/ runs on Kafka 4.4.0's own group coordinator shard (the shard
// engine: in process, on the scenario's clock, one JVM for the whole file) and on the simulator; each agrees, or its
// differences are listed in oracle/accepted.md ("shard diff", with the reason), and only proposals are refused.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnShard, startShardEngine, type ShardEngine } from '../../src/cli/oracle/shard.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { SHARD_REFUSALS, SHARD_STEP_DIFFS, unexplainedDiffs } from './accepted.ts';

const root = join(import.meta.dirname, '../..');
/** Every scenario file of the repository: the examples and each test/**\/scenarios (and fixtures) folder. */
function scenarioFiles(): string[] {
  const out = readdirSync(join(root, 'static/examples'))
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .map((f) => `static/examples/${f}`);
  const walk = (dir: string): void => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const p = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json') && (/\/scenarios\//.test(p) || p.startsWith('test/explore/fixtures/'))) out.push(p);
    }
  };
  walk('test');
  return out.sort();
}

let engine: ShardEngine;
beforeAll(async () => {
  engine = await startShardEngine();
}, 600_000);
afterAll(async () => {
  await engine?.close();
});

describe('examples and scenario files on Kafka 4.4.0 (shard engine)', () => {
  for (const file of scenarioFiles()) {
    it(file, async () => {
      const parsed = parseScenario(readFileSync(join(root, file), 'utf8'));
      if (!parsed.ok) {
        // a file that is not a valid scenario on purpose (the CLI's error tests) has nothing to run
        expect(file.startsWith('test/cli/scenarios/')).toBe(true);
        return;
      }
      const result = await runOnShard(parsed.scenario, { file, engine });
      const name = file.split('/').pop()!;
      if (result.refused) {
        expect(SHARD_REFUSALS, `${file} was refused (${result.refused.join('; ')}) but oracle/accepted.md does not list it`).toContain(name);
        return;
      }
      expect(SHARD_REFUSALS, `${file} now runs on the shard engine: remove it from the shard refusals in oracle/accepted.md`).not.toContain(name);
      const accepted = SHARD_STEP_DIFFS.filter((d) => d.file === name).map((d) => d.step);
      const unexplained = result.steps.flatMap((s) =>
        accepted.includes(s.index + 1)
          ? []
          : unexplainedDiffs(s).map((d) => `step ${s.index + 1} (${s.label}): ${d.path}: playground ${JSON.stringify(d.playground)}, Kafka ${JSON.stringify(d.kafka)}`),
      );
      expect(unexplained, `${file} differs from Kafka 4.4.0's coordinator`).toEqual([]);
      // an accepted step that now agrees is stale
      for (const step of accepted) expect(result.steps[step - 1]?.diffs.length ?? 0, `${file} step ${step} now agrees: remove it from oracle/accepted.md`).toBeGreaterThan(0);
    });
  }
});

// Every example and every scenario file under test/ runs on Kafka 4.4.0's own group coordinator shard (the shard
// engine: in process, on the scenario's clock, one JVM for the whole file) and on the simulator; each agrees, or its
// differences are listed in oracle/accepted.md ("shard diff", with the reason), and only proposals are refused.
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from '../../src/cli/cli.ts';
import { runOnShard, startShardEngine, type ShardEngine } from '../../src/cli/oracle/shard.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
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

describe('sgp oracle --engine shard', () => {
  const sgp = async (argv: string[]) => {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), readFile: (p) => readFile(p, 'utf8') };
    const code = await runCli(argv, io, { loadRunner: async () => runScenario });
    return { code, stdout, stderr };
  };

  it('runs a timed scenario a live broker refuses, to the millisecond, and prints the agreement (exit 0)', async () => {
    // b's session expires at 50,000 ms, 1 ms before a's heartbeat: a live broker cannot tell them apart
    const r = await sgp(['oracle', join(root, 'static/examples/03-crash-session-timeout.json'), '--engine', 'shard', '--kafka', '4.4.0']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain("engine: Kafka's GroupCoordinatorShard in process, on the scenario's clock");
    expect(r.stdout).toMatch(/agree: 5 steps, every response and record equal/);
    expect(r.code).toBe(0);
  });

  it('prints the JSON result, and refuses a proposal with the reason (exit 2)', async () => {
    const json = await sgp(['oracle', join(root, 'static/examples/22-failover-load.json'), '--engine', 'shard', '--json']);
    const result = JSON.parse(json.stdout) as { engine: string; firstDivergence: number | null; steps: unknown[] };
    expect(result).toMatchObject({ engine: 'shard', firstDivergence: null });
    expect(result.steps.length).toBeGreaterThan(3);
    const refused = await sgp(['oracle', join(root, 'static/examples/13-kafka-20870-coordinator-only.json'), '--engine', 'shard']);
    expect(refused.stdout).toContain('variant "coordinator-only" is a proposal');
    expect(refused.code).toBe(2);
  });
});

// Every counterexample the explorer writes re-runs clean under the variant it was explored under (issue 11 item 9):
// every example (and the explorer fixture) × every variant of its edition, with the options `npm run digest` uses.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { variantsFor } from '../../src/core/variants/index.ts';
import { explore } from '../../src/core/explore/index.ts';
import { parseScenario, parseScenarioUnder } from '../../src/core/scenario/parse.ts';
import { exploreCli } from '../../src/cli/explore.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';
import type { Scenario, Variant } from '../../src/core/scenario/types.ts';

const files = [
  ...readdirSync('static/examples')
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .sort()
    .map((f) => `static/examples/${f}`),
  'test/explore/fixtures/kafka-20870-two-roles.json',
];

const cases: [string, Variant][] = [];
for (const file of files) {
  const parsed = parseScenario(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  const variants = parsed.scenario.protocol === 'ak4' ? [...variantsFor('ak4')] : [parsed.scenario.variant];
  // the explorer runs a file under a variant only when it is a valid scenario under it (sgp explore checks)
  for (const v of variants) if (parseScenarioUnder(readFileSync(file, 'utf8'), v).ok) cases.push([file, v]);
}

function load(file: string, variant: Variant): Scenario {
  const parsed = parseScenarioUnder(readFileSync(file, 'utf8'), variant);
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  return parsed.scenario;
}

it('sgp explore refuses a variant under which the file is not a valid scenario (17b sends heartbeat v2)', async () => {
  const err: string[] = [];
  const io = { stdout: () => {}, stderr: (t: string) => void err.push(t), readFile: async (p: string) => readFileSync(p, 'utf8') };
  expect(await exploreCli(['static/examples/17b-kafka-20870-resend-signal.json', '--variant', 'current'], io)).toBe(2);
  expect(err.join('')).toMatch(/17b-kafka-20870-resend-signal\.json:\d+:\d+: \$\.steps\[\d+\]\.version: under --variant current: StreamsGroupHeartbeat has versions 0–1/);
  expect(cases.length).toBeGreaterThan(140);
});

describe('explorer counterexamples re-run clean', () => {
  it.each(cases)('%s under %s', (file, variant) => {
    const s = load(file, variant);
    const found = [...explore(s, { bfs: true, depth: 3, clock: () => 0 }).violations, ...explore(s, { walks: 15, depth: 25, seed: 7, clock: () => 0 }).violations];
    for (const v of found) {
      expect(v.reproduced, `${v.invariant}: ${v.message}`).toBe(true);
      // `sgp check` on the file as written: its own variant and no checkVariants
      expect(v.scenario.variant).toBe(variant);
      expect(v.scenario.checkVariants).toBeUndefined();
      const again = parseScenario(JSON.stringify(v.scenario));
      expect(again.ok).toBe(true);
      const trace = new ScenarioRunner(again.ok ? again.scenario : s).run();
      expect(trace.steps.flatMap((st) => st.mismatches)).toEqual([]);
      expect(trace.steps[trace.steps.length - 1]!.violations.map((x) => x.invariant)).toContain(v.invariant);
    }
  });
});

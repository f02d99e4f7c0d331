// Issue 13 (scale): a step's group view builds its members table when read, from the member views the steps
// changed. Read in any order, long after the step, each view is the one the group had at its step.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../../src/core/variants/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { groupView } from '../../src/core/scenario/groupView.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';
import type { Scenario, TraceGroupView } from '../../src/core/scenario/types.ts';

function examples(): Scenario[] {
  const dir = fileURLToPath(new URL('../../static/examples/', import.meta.url));
  const out: Scenario[] = [];
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json') && x !== 'index.json')) {
    const parsed = parseScenario(readFileSync(dir + f, 'utf8'));
    if (!parsed.ok) continue;
    const variants = parsed.scenario.protocol === 'ak4' ? [...VARIANTS] : [parsed.scenario.variant];
    for (const variant of variants) out.push({ ...parsed.scenario, title: `${f} ${variant}`, variant });
  }
  return out;
}

/** N members join one by one, some leave, then the group settles: many steps, members coming and going. */
function churn(n: number): Scenario {
  const clients = Object.fromEntries(Array.from({ length: n }, (_, i) => [`c${i}`, { processId: `p${i}` }]));
  const steps: unknown[] = Object.keys(clients).map((c) => ({ client: c, do: 'join' }));
  for (let i = 0; i < n; i += 7) steps.push({ client: `c${i}`, do: 'leave' });
  steps.push({ run: { until: 'stable', maxMs: 120000 } });
  const r = parseScenario(
    JSON.stringify({ format: 1, topics: [{ name: 'in', partitions: 8 }], topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] }, clients, steps }),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return { ...r.scenario, title: `churn ${n}` };
}

describe('trace group views', () => {
  it('equal the group as built at each step, read last step first', () => {
    for (const s of [...examples(), churn(150)]) {
      const runner = new ScenarioRunner(s);
      const lazy: (TraceGroupView | null)[] = [];
      const eager: string[] = [];
      for (const [i, step] of s.steps.entries()) {
        lazy.push(runner.runStep(step, i).group);
        eager.push(JSON.stringify(groupView(runner.broker.coordinator.groups.get(s.groupId), runner.aliasOf, runner.problemNow)));
      }
      for (let i = lazy.length - 1; i >= 0; i--) expect(JSON.stringify(lazy[i]), `${s.title} step ${i}`).toBe(eager[i]);
    }
  });

  it('are plain data once read (structured clone, spread and equality see the members)', () => {
    const s = churn(20);
    const runner = new ScenarioRunner(s);
    const views = s.steps.map((step, i) => runner.runStep(step, i).group!);
    const last = views[views.length - 1]!;
    expect(Object.keys(structuredClone(last).members)).toEqual(Object.keys(last.members));
    expect({ ...views[3]! }.members).toEqual(views[3]!.members);
    expect(Object.keys(views[3]!.members)).toEqual(['c0', 'c1', 'c2', 'c3']);
  });
});

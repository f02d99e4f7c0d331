// Narration that agrees with the views (issue 20, "Narration that disagrees with the views").
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Trace } from '../../src/core/scenario/types.ts';

function run(text: string): Trace {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(p.errors.map((e) => e.message).join('; '));
  return runScenario(p.scenario);
}
const example = (f: string) => run(readFileSync(`static/examples/${f}`, 'utf8'));

it('lesson 02 step 2: a stops the revoked tasks, and the coordinator holds them pending revocation until a reports', () => {
  const n = example('02-scale-out-revocation.json').steps[2]!.narration.join('\n');
  expect(n).toMatch(/a is at epoch 2: it stops active 0_2, 0_3 and now runs active 0_0, 0_1/);
  expect(n).toMatch(/pending revocation until a's next heartbeat/);
  expect(n).not.toMatch(/now owns active 0_0, 0_1,/);
});

it('lesson 09 step 3: a full report after a join is not explained by an error', () => {
  const n = example('09-standby-placement.json').steps[3]!.narration.join('\n');
  expect(n).toMatch(/since it joined/);
  expect(n).not.toMatch(/error/);
});

it('lesson 04 step 3: the jump from Stable to Reconciling is explained', () => {
  const t = example('04-static-member-restart.json');
  expect(t.steps[2]!.group!.state).toBe('Stable');
  expect(t.steps[3]!.group!.state).toBe('Reconciling');
  expect(t.steps[3]!.narration.join('\n')).toMatch(/The group goes from Stable to Reconciling: not every member is at the assignment epoch \d+: b is at epoch -2/);
});

it('an all-empty report from a member that owns tasks is not "no owned tasks that differ"', () => {
  const doc = JSON.parse(readFileSync('static/examples/01-first-join.json', 'utf8')) as { steps: Record<string, unknown>[] };
  doc.steps = doc.steps.slice(0, 2).map(({ expect: _, ...s }) => s);
  doc.steps.push({ send: 'StreamsGroupHeartbeat', version: 0, member: 'a', data: { memberEpoch: 2, activeTasks: [], standbyTasks: [], warmupTasks: [] } });
  const n = run(JSON.stringify(doc)).steps[2]!.narration.join('\n');
  expect(n).toMatch(/a reported owning no tasks, but it is at its target epoch/);
  expect(n).not.toMatch(/no owned tasks that differ/);
});

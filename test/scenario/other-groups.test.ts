// A scenario with several groups: the trace carries the coordinator's other groups (issue 20, "Several groups").
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

const example = (f: string) => {
  const p = parseScenario(readFileSync(`static/examples/${f}`, 'utf8'));
  if (!p.ok) throw new Error(`${f} does not parse`);
  return runScenario(p.scenario);
};

it('lesson 23 lists the simple classic group beside the streams group', () => {
  const t = example('23-admin-groups.json');
  expect(t.steps[0]!.otherGroups).toBeUndefined();
  expect(t.steps[3]!.otherGroups!.map((o) => [o.group.groupId, o.groupType])).toEqual([['audit', 'classic']]);
});

// An explored counterexample's notes name the last step the prefix ran and the invariant in plain grammar (issue 20 item 9).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { explore } from '../../src/core/explore/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';

it('names the step the exploration started after (fromStep − 1) and reads "a violation of …"', () => {
  const parsed = parseScenario(readFileSync('static/examples/12-kafka-20870-partial-report.json', 'utf8'));
  if (!parsed.ok) throw new Error('example 12 does not parse');
  const r = explore(parsed.scenario, { fromStep: 3, bfs: true, depth: 4 });
  expect(r.violations.length).toBeGreaterThan(0);
  for (const v of r.violations) {
    const notes = v.scenario.notes ?? '';
    expect(notes).toMatch(/after step 2 \(/);
    expect(notes).not.toMatch(/after step 3\b/);
    expect(notes).toMatch(/a violation of \*\*[a-z-]+\*\*/);
    expect(notes).not.toMatch(/ a e/);
  }
});

it("says when an eventual-convergence finding comes from the scenario's own bound being shorter than the session timeout (lesson 13)", () => {
  const parsed = parseScenario(readFileSync('static/examples/13-kafka-20870-coordinator-only.json', 'utf8'));
  if (!parsed.ok) throw new Error('example 13 does not parse');
  const r = explore(parsed.scenario, { walks: 20 });
  const v = r.violations.find((x) => x.invariant === 'eventual-convergence');
  expect(v?.message).toMatch(/The bound is the scenario's invariants\.stableWithinMs \(30000 ms\), shorter than the session timeout \(45000 ms\)/);
});

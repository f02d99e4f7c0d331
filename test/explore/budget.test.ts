// The explorer honours the run budget's wall-time and heap limits (issue 22 item 3): `sgp explore --bfs` on a
// 150-member scenario used to run out of memory (exit 134 after 106 s at 4.3 GB); the page's tab crashed. The search
// now reads the caller's probe every few transitions and stops past a limit, with the reason and what it found.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { explore } from '../../src/core/explore/index.ts';
import type { RunProbe } from '../../src/core/scenario/budget.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import type { Scenario } from '../../src/core/scenario/types.ts';
import { wideGroup } from '../../bench/memory.ts';

function scenario(config: Record<string, number> = {}): Scenario {
  const doc = JSON.parse(readFileSync('static/examples/01-first-join.json', 'utf8')) as { config?: Record<string, unknown> };
  doc.config = { ...doc.config, ...config };
  const p = parseScenario(JSON.stringify(doc));
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return p.scenario;
}

/** A probe whose heap grows by `mbPerRead` MB on each reading and whose clock advances `msPerRead` ms. */
function growingProbe(mbPerRead: number, msPerRead: number): RunProbe & { reads: number } {
  const probe = {
    reads: 0,
    elapsedMs: () => probe.reads * msPerRead,
    heapBytes: () => {
      probe.reads++;
      return probe.reads * mbPerRead * 1024 * 1024;
    },
  };
  return probe;
}

describe('explore stops cleanly at the run budget', () => {
  it('past playground.run.max.heap.mb: truncated, the limit named, the states found so far kept', () => {
    const probe = growingProbe(100, 0);
    const r = explore(scenario({ 'playground.run.max.heap.mb': 512 }), { bfs: true, depth: 8, maxStates: 1_000_000, probe });
    expect(r.truncated).toBe(true);
    expect(r.stopped?.limit).toBe('playground.run.max.heap.mb');
    expect(r.stopped?.message).toContain('more than 512 MB of heap');
    expect(r.states).toBeGreaterThan(1);
    // stopped at the sixth reading (600 MB > 512 MB), a reading every 32 transitions
    expect(probe.reads).toBe(6);
    expect(r.transitions).toBeLessThanOrEqual(6 * 32);
  });

  it('past playground.run.max.ms of wall time (random walks too)', () => {
    const r = explore(scenario({ 'playground.run.max.ms': 1000 }), { walks: 1000, depth: 40, probe: growingProbe(0, 300) });
    expect(r.stopped?.limit).toBe('playground.run.max.ms');
    expect(r.truncated).toBe(true);
  });

  it('without a probe, or within the budget, the search runs to its end', () => {
    const r = explore(scenario(), { bfs: true, depth: 2, probe: growingProbe(0, 0) });
    expect(r.stopped).toBeNull();
    expect(r.truncated).toBe(false);
  });

  it('past playground.run.max.retained.mb: the 150-member --bfs search that ran out of heap stops cleanly, at the same state every time', () => {
    const doc = wideGroup(150) as { config: Record<string, number> };
    doc.config['playground.run.max.retained.mb'] = 24;
    const p = parseScenario(JSON.stringify(doc));
    if (!p.ok) throw new Error(JSON.stringify(p.errors));
    // no probe: the estimate alone decides, the same in Node and in a browser
    const a = explore(p.scenario, { bfs: true, depth: 6, maxStates: 10_000_000 });
    expect(a.stopped).toEqual({
      limit: 'playground.run.max.retained.mb',
      message:
        'The run stopped: it used more than 24 MB for what it keeps (its trace, log and explored states, estimated alike on every host), the limit "playground.run.max.retained.mb". Raise it in the scenario\'s config to run further.',
    });
    expect(a.truncated).toBe(true);
    expect(a.states).toBeGreaterThan(10);
    const b = explore(p.scenario, { bfs: true, depth: 6, maxStates: 10_000_000 });
    expect([b.states, b.transitions]).toEqual([a.states, a.transitions]);
  });
});

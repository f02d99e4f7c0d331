// The page's compare and report jobs honour the run budget's wall-time and heap limits (issue 22 item 3), as the run
// and the explorer do: past playground.run.max.ms or playground.run.max.heap.mb the job stops cleanly with the reason,
// instead of running until the tab dies.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jobProbe, WorkerApi } from '../../workers/api.ts';
import type { RunProbe } from '../../src/core/scenario/budget.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';
import { busyHeartbeats } from '../../bench/memory.ts';

const api = new WorkerApi();

function example(name: string, config: Record<string, number>): string {
  const doc = JSON.parse(readFileSync(`static/examples/${name}`, 'utf8')) as { config?: Record<string, unknown> };
  doc.config = { ...doc.config, ...config };
  return JSON.stringify(doc);
}

/** A probe whose clock advances `msPerRead` and whose heap grows `mbPerRead` on each reading. */
function growingProbe(msPerRead: number, mbPerRead: number): RunProbe {
  let reads = 0;
  return {
    elapsedMs: () => ++reads * msPerRead,
    heapBytes: () => reads * mbPerRead * 1024 * 1024,
  };
}

describe('compare and report jobs stop at the run budget', () => {
  it('compare past playground.run.max.ms: the steps run so far, and the reason', () => {
    const c = api.compare(example('15-kafka-20870-report-one-role.json', { 'playground.run.max.ms': 1000 }), { variant: 'current' }, { variant: 'A-persist-partial' }, growingProbe(400, 0));
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.stopped).toContain('the limit "playground.run.max.ms"');
    // the probe is read after each step: the third reading (1200 ms) stops the left run after its third step
    expect(c.left.steps).toHaveLength(3);
    expect(c.right.steps).toHaveLength(1);
    expect(c.differences).toHaveLength(3);
  });

  it('compare within the budget runs both sides to the end, with no reason', () => {
    const c = api.compare(example('15-kafka-20870-report-one-role.json', {}), { variant: 'current' }, { variant: 'A-persist-partial' }, growingProbe(0, 0));
    expect(c.ok && c.stopped).toBeNull();
    expect(c.ok && c.firstDivergence).toBe(4);
  });

  it('report past playground.run.max.heap.mb: no report, the variant, the step and the limit named', () => {
    const r = api.report(example('15-kafka-20870-report-one-role.json', { 'playground.run.max.heap.mb': 256 }), ['current', 'A-persist-partial'], growingProbe(0, 100));
    expect(r).toEqual({
      ok: false,
      errors: [],
      message:
        'No report: the run under variant current stopped after step 2. The run stopped: it used more than 256 MB of heap, the limit "playground.run.max.heap.mb". Raise it in the scenario\'s config to run further.',
    });
    const fine = api.report(example('15-kafka-20870-report-one-role.json', {}), ['current', 'A-persist-partial'], growingProbe(0, 0));
    expect(fine.ok).toBe(true);
  });

  it('measures wall time from the start of the job', () => {
    let now = 5000;
    const probe = jobProbe(() => now);
    now += 1234;
    expect(probe.elapsedMs()).toBe(1234);
  });

  describe('the retained-memory budget counts every run of the job', () => {
    // one run of this scenario fits the limit, two do not: the right side (or the second variant) stops
    const doc = busyHeartbeats(50, { runs: 3, config: {} }) as { config: Record<string, number>; steps: unknown[] };
    const parsed = parseScenario(JSON.stringify(doc));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const one = new ScenarioRunner(parsed.scenario);
    one.run();
    const limitMb = Math.ceil((1.5 * one.budget.retainedBytes) / 2 ** 20);
    const text = JSON.stringify({ ...doc, config: { ...doc.config, 'playground.run.max.retained.mb': limitMb } });
    const quiet = () => growingProbe(0, 0);

    it('compare: the left run completes, the right one stops with the reason and the steps it ran', () => {
      const c = api.compare(text, { variant: 'current' }, { variant: 'A-persist-partial' }, quiet());
      expect(c.ok).toBe(true);
      if (!c.ok) return;
      expect(c.left.steps).toHaveLength(doc.steps.length);
      expect(c.right.steps.length).toBeLessThan(doc.steps.length);
      expect(c.stopped).toContain('the limit "playground.run.max.retained.mb"');
    });

    it('report: no report, the variant, the step and the limit named', () => {
      const r = api.report(text, ['current', 'A-persist-partial'], quiet());
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.message).toMatch(/^No report: the run under variant A-persist-partial stopped after step \d+\. The run stopped: it used more than \d+ MB for what it keeps/);
      expect(api.report(text, ['current'], quiet()).ok).toBe(true);
    });
  });
});

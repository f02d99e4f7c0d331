// Issue 13, defect 1: every run has a budget (steps, fired timers, wall time, heap) with generous defaults
// that a scenario's config raises; past it the run stops with a message naming the limit (CLI exit 2).
import { describe, expect, it } from 'vitest';
import { Config } from '../../src/core/config.ts';
import { RunBudget } from '../../src/core/scenario/budget.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { runCli } from '../../src/cli/cli.ts';

const base = (config: Record<string, number>, steps: unknown[]) =>
  JSON.stringify({ format: 1, config, clients: { a: {} }, topics: [{ name: 'in', partitions: 1 }], topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] }, steps });
const scenario = (text: string) => {
  const r = parseScenario(text);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
};

describe('the run budget', () => {
  it('has defaults a long scenario never meets', () => {
    const c = Config.from({});
    expect([c.int('playground.run.max.steps'), c.int('playground.run.max.fired.timers'), c.int('playground.run.max.ms'), c.int('playground.run.max.heap.mb')]).toEqual([
      1_000_000, 1_000_000, 60_000, 2048,
    ]);
    const trace = runScenario(scenario(base({}, [{ client: 'a', do: 'join' }, { run: { ms: 600_000 } }])));
    expect(trace.stopped).toBeUndefined();
  });

  it('steps: the heartbeats of run steps count; the run stops inside the step that spends the budget, and no later step runs', () => {
    const trace = runScenario(scenario(base({ 'playground.run.max.steps': 10 }, [{ client: 'a', do: 'join' }, { run: { ms: 600_000 } }, { advance: 1 }])));
    expect(trace.stopped?.limit).toBe('playground.run.max.steps');
    expect(trace.steps).toHaveLength(2);
    // the join, then 8 heartbeats of the run step (the 9th would be the 11th step)
    expect(trace.steps[1]!.exchanges).toHaveLength(8);
    expect(trace.steps[1]!.narration.at(-1)).toBe(
      'The run stopped: it used more than 10 steps (scenario steps plus the requests run steps send), the limit "playground.run.max.steps". Raise it in the scenario\'s config to run further.',
    );
  });

  it('fired timers', () => {
    const trace = runScenario(
      scenario(base({ 'playground.run.max.fired.timers': 2, 'offsets.retention.check.interval.ms': 1000 }, [{ client: 'a', do: 'join' }, { advance: 100_000 }, { advance: 1 }])),
    );
    expect(trace.stopped?.limit).toBe('playground.run.max.fired.timers');
    expect(trace.steps).toHaveLength(2);
  });

  it("wall time and heap come from the caller's probe", () => {
    let now = 0;
    const probe = { elapsedMs: () => (now += 100), heapBytes: () => 10 * 1024 * 1024 };
    const timed = runScenario(scenario(base({ 'playground.run.max.ms': 250 }, [{ client: 'a', do: 'join' }, { advance: 1 }, { advance: 1 }, { advance: 1 }])), { probe });
    expect(timed.stopped?.limit).toBe('playground.run.max.ms');
    expect(timed.steps).toHaveLength(3);
    const heavy = runScenario(scenario(base({ 'playground.run.max.heap.mb': 5 }, [{ client: 'a', do: 'join' }, { advance: 1 }])), { probe: { elapsedMs: () => 0, heapBytes: () => 6 * 1024 * 1024 } });
    expect(heavy.stopped).toEqual({
      limit: 'playground.run.max.heap.mb',
      message: 'The run stopped: it used more than 5 MB of heap, the limit "playground.run.max.heap.mb". Raise it in the scenario\'s config to run further.',
    });
    expect(heavy.steps).toHaveLength(1);
  });

  it('reads the probe at most every 256 counted operations inside a step', () => {
    let reads = 0;
    const b = new RunBudget(Config.from({}), { elapsedMs: () => (reads++, 0), heapBytes: () => null });
    for (let i = 0; i < 1000; i++) b.countSteps();
    expect(reads).toBe(3);
  });

  it('the CLI exits 2 and names the limit', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const text = base({ 'playground.run.max.steps': 3 }, [{ client: 'a', do: 'join' }, { run: { ms: 60000 } }]);
    const io = { stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t), readFile: async () => text };
    const code = await runCli(['run', 'big.json'], io, { loadRunner: async () => (s) => runScenario(s) });
    expect(code).toBe(2);
    expect(err.join('')).toMatch(/^big\.json: after step 1: The run stopped: .* the limit "playground\.run\.max\.steps"/);
    expect(await runCli(['check', 'big.json'], io, { loadRunner: async () => (s) => runScenario(s) })).toBe(2);
  });
});

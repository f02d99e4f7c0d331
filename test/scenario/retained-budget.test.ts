// Issue 22 item 3: memory is bounded on every host. A run keeps its trace, its log and its members; the core
// estimates those bytes the same way in Node and in a browser (src/core/util/approxBytes.ts) and stops the run past
// playground.run.max.retained.mb, as the time budget does: the steps so far, the limit named. 2,000- and
// 5,000-member scenarios with busy heartbeats used to reach 2.2 GB RSS before the 60 s wall budget stopped them.
// The RSS itself is measured by `npm run bench:memory` (never asserted here: it depends on the host).
import { describe, expect, it } from 'vitest';
import { Config } from '../../src/core/config.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner, runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario } from '../../src/core/scenario/types.ts';
import { approxBytes } from '../../src/core/util/approxBytes.ts';
import { busyHeartbeats } from '../../bench/memory.ts';

function parsed(doc: unknown): Scenario {
  const r = parseScenario(JSON.stringify(doc));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

const MB = 1024 * 1024;

describe('the retained-memory budget (playground.run.max.retained.mb)', () => {
  it('has a default of 512 MB', () => {
    expect(Config.from({}).int('playground.run.max.retained.mb')).toBe(512);
  });

  it('a 5,000-member scenario with busy heartbeats stops with the memory reason and the steps so far', () => {
    const scenario = parsed(busyHeartbeats(5000, { runs: 40, config: { 'playground.run.max.retained.mb': 48 } }));
    const runner = new ScenarioRunner(scenario);
    const trace = runner.run();
    expect(trace.stopped).toEqual({
      limit: 'playground.run.max.retained.mb',
      message:
        'The run stopped: it used more than 48 MB for what it keeps (its trace, log and explored states, estimated alike on every host), the limit "playground.run.max.retained.mb". Raise it in the scenario\'s config to run further.',
    });
    // every join ran, then the run steps until the estimate passed the limit: the last step is a run step, cut short
    // after the exchange that passed it, and says so last
    const last = trace.steps.at(-1)!;
    expect(trace.steps.length).toBeGreaterThan(5000);
    expect(trace.steps.length).toBeLessThan(scenario.steps.length);
    expect(last.kind).toBe('run');
    expect(last.exchanges.length).toBeGreaterThan(0);
    expect(last.exchanges.length).toBeLessThan(20000);
    expect(last.narration.at(-1)).toBe(trace.stopped!.message);
    // bounded: past the limit by at most what one step's end adds (its records, request, response and narration)
    expect(runner.budget.retainedBytes).toBeGreaterThan(48 * MB);
    expect(runner.budget.retainedBytes).toBeLessThan(50 * MB);
  });

  it('stops at the same step, exchange and estimate every time (no host measure decides)', () => {
    const doc = busyHeartbeats(200, { runs: 10, config: { 'playground.run.max.retained.mb': 8 } });
    const a = new ScenarioRunner(parsed(doc));
    const b = new ScenarioRunner(parsed(doc));
    const ta = a.run();
    const tb = b.run();
    expect(ta.stopped?.limit).toBe('playground.run.max.retained.mb');
    expect([tb.steps.length, tb.steps.at(-1)!.exchanges.length, b.budget.retainedBytes]).toEqual([ta.steps.length, ta.steps.at(-1)!.exchanges.length, a.budget.retainedBytes]);
  });

  it('the estimate follows what the trace keeps: an exchange, its narration and its records are counted once', () => {
    const trace = runScenario(parsed(busyHeartbeats(20, { runs: 1, config: {} })));
    expect(trace.stopped).toBeUndefined();
    const runner = new ScenarioRunner(parsed(busyHeartbeats(20, { runs: 1, config: {} })));
    runner.run();
    // the run's exchanges alone are part of what the budget counted, and the count is not far above them
    const exchanges = trace.steps.reduce((n, s) => n + approxBytes(s.exchanges), 0);
    expect(runner.budget.retainedBytes).toBeGreaterThan(exchanges);
    expect(runner.budget.retainedBytes).toBeLessThan(4 * exchanges);
  });
});

describe('approxBytes', () => {
  it('counts strings by length, objects and arrays by slots, heap numbers, maps and sets', () => {
    expect(approxBytes('')).toBe(16);
    expect(approxBytes('abcdefghi')).toBe(16 + 16);
    expect(approxBytes(7)).toBe(0);
    expect(approxBytes(0.5)).toBe(16);
    expect(approxBytes({ a: 1, b: 'x' })).toBe(24 + 16 + 16 + 8);
    expect(approxBytes([1, 2, 3])).toBe(32 + 24);
    expect(approxBytes(new Map([['k', 1]]))).toBe(64 + 40 + 24);
    expect(approxBytes(new Set([1, 2]))).toBe(64 + 48);
    expect(approxBytes(new Uint8Array(100))).toBe(164);
  });

  it('counts a shared object once with a seen set, and nothing the shared set holds', () => {
    const inner = { x: 'abc' };
    const outer = { a: inner, b: inner };
    expect(approxBytes(outer)).toBe(24 + 16 + 2 * (24 + 8 + 24));
    const seen = new Set<object>();
    expect(approxBytes(outer, seen)).toBe(24 + 16 + 24 + 8 + 24);
    expect(approxBytes({ c: inner }, new Set(), seen)).toBe(24 + 8);
  });
});

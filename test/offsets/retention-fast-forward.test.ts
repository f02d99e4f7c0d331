// Issue 13, defect 1: a retention check with nothing to do is not repeated one by one. A clock advance
// passes over every idle check up to the next one that can change something (an offset's expiry, another
// timer, the end of the advance) in one step, and writes exactly what checking every interval writes.
import { describe, expect, it } from 'vitest';
import type { FiredTimer } from '../../src/core/coordinator/runtime.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { broker, commit, G, hb, join, leave } from './helpers.ts';

const MIN = 60000;
const CHECK = 10 * MIN;
const log = (b: ReturnType<typeof broker>) => b.coordinator.log.allBatches().map((x) => ({ base: x.baseOffset, records: x.records.map((r) => [r.type, r.key, r.value]) }));

function emptyWithOffsets(config: Record<string, number> = { 'offsets.retention.minutes': 30 }) {
  const b = broker(config);
  join(b, 'a');
  b.advanceTo(30000);
  hb(b, 'a');
  expect(commit(b, 'a', 2, { orders: [0, 1] }).errorName).toBe('NONE');
  leave(b, 'a');
  return b;
}

describe('idle retention checks are fast-forwarded', () => {
  it('one advance of 10^15 ms (1.7e9 checks) ends at once with one timer entry', () => {
    const r = parseScenario('{"format":1,"steps":[{"advance":1000000000000000}]}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [step] = runScenario(r.scenario).steps;
    expect(step!.time).toBe(1e15);
    expect(step!.timers).toEqual([
      { at: CHECK, key: 'offsets-retention-check', effect: 'retention check: nothing expired (and 1666666665 more checks with nothing to do, every 600000 ms until 999999999600000 ms)' },
    ]);
  });

  it('run 10^15 ms, and a 1 ms check interval with a long advance, end too', () => {
    for (const text of ['{"format":1,"steps":[{"run":{"ms":1e15}}]}', '{"format":1,"config":{"offsets.retention.check.interval.ms":1},"steps":[{"advance":100000000000}]}']) {
      const r = parseScenario(text);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      expect(runScenario(r.scenario).steps[0]!.timers).toHaveLength(1);
    }
  });

  it('the sweep that expires the offsets runs at the same time, with the same records, as checking every interval', () => {
    const whole = emptyWithOffsets();
    const fired = whole.advance(5 * CHECK);
    const stepwise = emptyWithOffsets();
    const firedStepwise: FiredTimer[] = [];
    for (let i = 0; i < 5 * CHECK; i += CHECK / 2) firedStepwise.push(...stepwise.advance(CHECK / 2));
    expect(log(whole)).toEqual(log(stepwise));
    expect(whole.coordinator.groups.has(G)).toBe(false);
    const deleting = (f: FiredTimer[]) => f.filter((x) => x.batch !== null).map((x) => [x.timer.deadline, x.effect]);
    expect(deleting(fired)).toEqual(deleting(firedStepwise));
    expect(deleting(fired)).toEqual([[4 * CHECK, 'retention check expired 2 offset(s) and deleted app']]);
    // the idle checks at 10, 20 and 30 min are one entry
    expect(fired.map((x) => x.effect)[0]).toBe('retention check: nothing expired (and 2 more checks with nothing to do, every 600000 ms until 1800000 ms)');
  });

  it('another timer due in between stops the skip before it (a member joining, then its session timing out)', () => {
    const b = broker({ 'offsets.retention.check.interval.ms': 1000 });
    join(b, 'a');
    const fired = b.advance(100_000);
    expect(fired.map((f) => [f.timer.key, f.timer.deadline])).toEqual([
      ['offsets-retention-check', 1000],
      ['session-timeout-app-a', 45000],
      ['offsets-retention-check', 45000],
      ['offsets-retention-check', 46000],
    ]);
    expect(fired[0]!.effect).toMatch(/and 43 more checks .* until 44000 ms/);
    // the group became empty at 45 s and has no offsets: the check due at the same time (scheduled later) deletes it
    expect(fired[2]!.effect).toBe('retention check deleted app');
    expect(fired[3]!.effect).toMatch(/and 54 more checks .* until 100000 ms/);
  });
});

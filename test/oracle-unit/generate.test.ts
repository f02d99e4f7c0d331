// The scenario generator (src/core/oracle/generate/): the same seed gives the same scenario; every scenario it makes
// passes the validator; live-mode scenarios are planned by sgp oracle's planner (after the steps it refuses are
// dropped); and on the simulator alone, a few dozen exact-mode sequences reach everything the playground can produce.
import { describe, expect, it } from 'vitest';
import { addTrace, coverageUniverse, emptyCoverage, unreached } from '../../src/core/oracle/coverage.ts';
import { fitForLiveBroker } from '../../src/core/oracle/generate/live.ts';
import { generateScenario } from '../../src/core/oracle/generate/sequence.ts';
import { planOracle } from '../../src/core/oracle/plan.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

type Json = Record<string, unknown>;

const parsed = (doc: Json) => {
  const p = parseScenario(JSON.stringify(doc));
  if (!p.ok) throw new Error(`${p.errors[0]!.path}: ${p.errors[0]!.message}`);
  return p.scenario;
};

/** Sixty exact-mode sequences, made once for the tests that read them. */
let exactDocs: Json[] | undefined;
const exact = (): Json[] => (exactDocs ??= Array.from({ length: 60 }, (_, i) => generateScenario(i + 1, { steps: 24, mode: 'exact' })));

describe('generated scenarios', () => {
  it('are the same for the same seed and options, and differ between seeds', () => {
    const a = JSON.stringify(generateScenario(11, { steps: 20, mode: 'exact' }));
    expect(JSON.stringify(generateScenario(11, { steps: 20, mode: 'exact' }))).toBe(a);
    expect(JSON.stringify(generateScenario(12, { steps: 20, mode: 'exact' }))).not.toBe(a);
    expect(JSON.stringify(generateScenario(11, { steps: 20, mode: 'live' }))).not.toBe(a);
  });

  it('pass the validator, in both modes, with the requested length', () => {
    for (let seed = 1; seed <= 20; seed++) {
      for (const mode of ['exact', 'live'] as const) {
        const doc = generateScenario(seed, { steps: 16, mode });
        expect(() => parsed(doc), `seed ${seed} ${mode}`).not.toThrow();
        expect((doc.steps as unknown[]).length, `seed ${seed} ${mode}`).toBe(16);
      }
    }
  });

  it('keep live-mode scenarios to what a real broker reproduces: group configs only, no initialLog, no load times', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const doc = generateScenario(seed, { steps: 24, mode: 'live', failover: seed % 10 === 0 });
      expect(doc.initialLog, `seed ${seed}`).toBeUndefined();
      const steps = doc.steps as Json[];
      expect(steps.filter((s) => typeof s.failover === 'object')).toEqual([]);
      expect(steps.filter((s) => s.coordinator === 'old')).toEqual([]);
      expect(steps.filter((s) => s.failover === true).length, `seed ${seed}`).toBe(seed % 10 === 0 ? 1 : 0);
      const fit = fitForLiveBroker(doc);
      expect(fit.refused, `seed ${seed}`).toEqual([]);
      const plan = planOracle(parsed(fit.doc), { canRestart: true, brokerConfigsApplied: false });
      expect(plan.ok, `seed ${seed}`).toBe(true);
    }
  });

  it('use the whole space in exact mode: initialLog, failovers with load times, requests to the old coordinator, broker configs', () => {
    const docs = exact();
    const steps = docs.flatMap((d) => d.steps as Json[]);
    expect(docs.some((d) => Array.isArray(d.initialLog) && d.initialLog.length > 0)).toBe(true);
    expect(steps.some((s) => typeof s.failover === 'object')).toBe(true);
    expect(steps.some((s) => s.coordinator === 'old')).toBe(true);
    expect(docs.some((d) => (d.config as Json)['offsets.retention.minutes'] !== undefined)).toBe(true);
    expect(steps.some((s) => s.send === 'StreamsGroupHeartbeat' && (s.data as Json).groupId === 'g1')).toBe(true);
  });

  it('reach, on the simulator alone, every RPC version, error, status and record type the playground can produce', () => {
    const c = emptyCoverage();
    for (const doc of exact()) addTrace(c, runScenario(parsed(doc)).steps);
    expect(unreached(c, coverageUniverse('exact'))).toEqual([]);
  });
});

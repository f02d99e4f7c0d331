// Property tests at the scenario level, for both editions and every variant: random client actions,
// clock advances, failovers and topic changes never crash the run, never break a safety invariant,
// and the log always rebuilds the live state (an empty durability diff after every step).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { VARIANTS, type Scenario } from '../../src/core/scenario/types.ts';

const CLIENTS = ['a', 'b', 'c'];
const SAFETY = new Set(['no-double-active', 'no-assign-while-pending', 'legal-target-assignment', 'valid-member-epochs', 'epochs-monotonic', 'stable-at-group-epoch', 'durable-state']);

const step = fc.oneof(
  { weight: 6, arbitrary: fc.record({ client: fc.constantFrom(...CLIENTS), do: fc.constantFrom('join', 'heartbeat', 'heartbeat', 'heartbeat', 'leave', 'crash', 'restart') }) },
  { weight: 2, arbitrary: fc.record({ advance: fc.constantFrom(1000, 5000, 20000, 46000) }) },
  { weight: 2, arbitrary: fc.record({ run: fc.record({ ms: fc.constantFrom(5000, 15000) }) }) },
  { weight: 1, arbitrary: fc.constant({ failover: true }) },
  { weight: 1, arbitrary: fc.record({ topics: fc.record({ partitions: fc.record({ in: fc.integer({ min: 1, max: 6 }) }) }) }) },
);

function scenario(protocol: 'ak4' | 'kip1071-draft', variant: string, profiles: string[], steps: unknown[]): Scenario {
  const topology =
    protocol === 'ak4'
      ? { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'], stateChangelogTopics: [{ name: 'app-0-changelog' }] }] }
      : [{ subtopologyId: '0', sourceTopics: ['in'], stateChangelogTopics: [{ name: 'app-0-changelog' }] }];
  const doc = {
    format: 1,
    protocol,
    variant,
    config: { 'group.streams.num.standby.replicas': 1 },
    topics: [
      { name: 'in', partitions: 4 },
      { name: 'app-0-changelog', partitions: 4 },
    ],
    topology,
    clients: Object.fromEntries(CLIENTS.map((c, i) => [c, { profile: profiles[i], processId: `p${i % 2}` }])),
    steps,
  };
  const r = parseScenario(JSON.stringify(doc));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

describe('random scenarios keep every safety invariant and stay durable', () => {
  const cases: ['ak4' | 'kip1071-draft', string][] = [...VARIANTS.map((v) => ['ak4', v] as ['ak4', string]), ['kip1071-draft', 'current']];
  for (const [protocol, variant] of cases) {
    it(`${protocol} / ${variant}`, () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom('java', 'partial'), { minLength: 3, maxLength: 3 }), fc.array(step, { minLength: 1, maxLength: 25 }), (profiles, steps) => {
          const trace = runScenario(scenario(protocol, variant, protocol === 'ak4' ? profiles : ['java', 'java', 'java'], steps));
          expect(trace.steps).toHaveLength(steps.length);
          for (const s of trace.steps) {
            const broken = s.violations.filter((v) => SAFETY.has(v.invariant));
            expect(broken, `step ${s.index} ${s.label}`).toEqual([]);
            expect(s.durability?.diff ?? []).toEqual([]);
          }
        }),
        { numRuns: 40, seed: 1071 },
      );
    });
  }
});

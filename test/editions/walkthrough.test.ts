// docs/adding-an-edition.md, done as it says: a third edition derived from ak4 that changes one rule (a streams
// group's offsets are never protected by its subscription, as kip1071-draft §9.5 proposes), registered, and one
// scenario run under ak4 and under it shows the difference. If this test breaks, the walkthrough is out of date.
import { describe, expect, it } from 'vitest';
import type { Edition } from '../../src/core/edition.ts';
import { AK4 } from '../../src/core/editions/ak4/edition.ts';
import { editionNamed, editionNames, registerEdition } from '../../src/core/editions/index.ts';
import { planOracle } from '../../src/core/oracle/plan.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { Scenario } from '../../src/core/scenario/types.ts';

// Step 1-2 of the walkthrough: the edition object, the base edition's fields with one rule overridden
const AK4_UNPROTECTED_OFFSETS: Edition = {
  ...AK4,
  name: 'ak4-unprotected-offsets',
  // no released broker runs it: the Kafka oracle refuses its scenarios, and it has no Kafka releases to choose
  releasedBroker: null,
  hasReleases: false,
  hooks(config) {
    const base = AK4.hooks(config);
    // the proposal's rule: Group.isSubscribedToTopic is false for every topic (offsets may be deleted and expire)
    return { ...base, isSubscribedToTopic: () => false };
  },
};

// Step 3: register it
registerEdition(AK4_UNPROTECTED_OFFSETS);

const SCENARIO = {
  format: 1,
  protocol: 'ak4',
  variant: 'current',
  config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0 },
  groupId: 'app',
  topics: [{ name: 'orders', partitions: 2 }],
  topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['orders'] }] },
  clients: { a: { profile: 'java', processId: 'p1', commitIntervalMs: 1000 } },
  steps: [
    { client: 'a', do: 'join' },
    { run: { ms: 3000 } },
    { label: 'an admin deletes the offset of orders-0 while a reads orders', send: 'OffsetDelete', data: { groupId: 'app', topics: [{ name: 'orders', partitions: [{ partitionIndex: 0 }] }] } },
  ],
};

function scenario(protocol = 'ak4'): Scenario {
  const parsed = parseScenario(JSON.stringify({ ...SCENARIO, protocol }));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.scenario;
}

/** The OffsetDelete step: orders-0's error code and the records written. */
function offsetDelete(edition: Edition) {
  const trace = runScenario(scenario(), { edition });
  const step = trace.steps[2]!;
  const response = step.response as { errorCode: number; topics: { partitions: { partitionIndex: number; errorCode: number }[] }[] };
  return { errorName: step.errorName, partitionError: response.topics[0]!.partitions[0]!.errorCode, records: step.records.map((r) => r.type) };
}

describe('docs/adding-an-edition.md walkthrough', () => {
  it('registers the derived edition next to the two shipped ones, by name', () => {
    expect(editionNames()).toEqual(['ak4', 'kip1071-draft', 'ak4-unprotected-offsets']);
    expect(editionNamed('ak4-unprotected-offsets')).toBe(AK4_UNPROTECTED_OFFSETS);
    expect(() => registerEdition(AK4_UNPROTECTED_OFFSETS)).toThrow(/registered already/);
  });

  it("the same scenario: ak4 refuses to delete a subscribed topic's offset, the derived edition deletes it", () => {
    // ak4: OffsetDelete on a topic the group reads is GROUP_SUBSCRIBED_TO_TOPIC (86), nothing written
    expect(offsetDelete(AK4)).toEqual({ errorName: 'GROUP_SUBSCRIBED_TO_TOPIC', partitionError: 86, records: [] });
    // the derived edition: the one changed rule lets the offset go, as an OffsetCommit tombstone
    expect(offsetDelete(editionNamed('ak4-unprotected-offsets'))).toEqual({ errorName: 'NONE', partitionError: 0, records: ['OffsetCommit'] });
  });

  it('a scenario chooses the registered edition by its "protocol" field, and runs under it', () => {
    const chosen = scenario('ak4-unprotected-offsets');
    expect(chosen.protocol).toBe('ak4-unprotected-offsets');
    // no edition option: the runner looks the scenario's "protocol" up in the registry
    const trace = runScenario(chosen);
    const step = trace.steps[2]!;
    const response = step.response as { topics: { partitions: { errorCode: number }[] }[] };
    expect([step.errorName, response.topics[0]!.partitions[0]!.errorCode, step.records.map((r) => r.type)]).toEqual(['NONE', 0, ['OffsetCommit']]);
    // the same document with "protocol": "ak4" still refuses (ScenarioRunner: editionNamed(scenario.protocol))
    expect(runScenario(scenario('ak4')).steps[2]!.errorName).toBe('GROUP_SUBSCRIBED_TO_TOPIC');
  });

  it('an unregistered "protocol" is still refused, naming the registered ones', () => {
    const parsed = parseScenario(JSON.stringify({ ...SCENARIO, protocol: 'ak5' }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.map((e) => [e.path, e.message])).toEqual([['$.protocol', expect.stringContaining('"ak4-unprotected-offsets"')]]);
  });

  it('the oracle refuses the derived edition: no released broker runs it', () => {
    const plan = planOracle(scenario('ak4-unprotected-offsets'), { canRestart: true, brokerConfigsApplied: true });
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.reasons).toContain('protocol "ak4-unprotected-offsets" has no released broker; only "ak4" (Kafka 4.x) can run on Kafka');
  });
});

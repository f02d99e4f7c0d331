// The activePartitions normalisation: EndpointToPartitionsManager.endpointToPartitions (Kafka 4.4.0) collects a
// member's active tasks with Collectors.toUnmodifiableMap, whose iteration order the JVM randomises per run
// (ImmutableCollections.SALT32L), so one broker lists subtopology 1's topics first and the next one subtopology 0's.
import { describe, expect, it } from 'vitest';
import { ACTIVE_PARTITIONS_NORMALISATION, compareWithKafka, NORMALISATIONS, SHARD_NORMALISATIONS, type KafkaStepResult } from '../../src/core/oracle/compare.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

const scenario = {
  format: 1,
  protocol: 'ak4',
  config: { 'group.streams.initial.rebalance.delay.ms': 0 },
  groupId: 'app',
  topics: [
    { name: 'in0', partitions: 3 },
    { name: 'in1', partitions: 1 },
  ],
  topology: {
    epoch: 0,
    subtopologies: [
      { subtopologyId: '0', sourceTopics: ['in0'] },
      { subtopologyId: '1', sourceTopics: ['in1'] },
    ],
  },
  clients: { b: { profile: 'java', processId: 'p1', userEndpoint: { host: 'host-b', port: 9001 } } },
  steps: [{ client: 'b', do: 'join' }],
};

type Endpoints = { partitionsByUserEndpoint: { activePartitions: { topic: string; partitions: number[] }[] }[] };

function kafkaCopy() {
  const p = parseScenario(JSON.stringify(scenario));
  if (!p.ok) throw new Error('the scenario does not parse');
  const trace = runScenario(p.scenario);
  const kafka: KafkaStepResult[] = trace.steps.map((t) => ({
    index: t.index,
    label: t.label,
    kind: t.kind,
    response: structuredClone(t.response) as Record<string, unknown> | null,
    exchanges: [],
    records: t.records.map((r) => ({ type: r.type, key: structuredClone(r.key), value: structuredClone(r.value) })),
  }));
  return { trace, kafka, active: (kafka[0]!.response as unknown as Endpoints).partitionsByUserEndpoint[0]!.activePartitions };
}

describe('the activePartitions normalisation', () => {
  it('forgives the order of the subtopologies, which Kafka leaves to a JVM-random map order', () => {
    const { trace, kafka, active } = kafkaCopy();
    expect(active.map((t) => t.topic)).toEqual(['in0', 'in1']);
    active.reverse();
    expect(compareWithKafka(trace.steps, kafka, undefined, { sharedClock: true }).firstDivergence).toBeNull();
    expect(compareWithKafka(trace.steps, kafka).firstDivergence).toBeNull();
    expect(SHARD_NORMALISATIONS).toContain(ACTIVE_PARTITIONS_NORMALISATION);
    expect(NORMALISATIONS).toContain(ACTIVE_PARTITIONS_NORMALISATION);
  });

  it('still finds a partition or a topic that differs', () => {
    const { trace, kafka, active } = kafkaCopy();
    active[0]!.partitions = [0, 1];
    expect(compareWithKafka(trace.steps, kafka, undefined, { sharedClock: true }).firstDivergence).toBe(0);
    const other = kafkaCopy();
    other.active.pop();
    expect(compareWithKafka(other.trace.steps, other.kafka, undefined, { sharedClock: true }).firstDivergence).toBe(0);
  });
});

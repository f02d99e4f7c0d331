// The validator refuses what a scenario's release does not have, naming the release: request versions (each release's
// kafka-clients common/message/StreamsGroup*Request.json validVersions) and configs (its GroupCoordinatorConfig).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';

const parse = (doc: Record<string, unknown>) => parseScenario(JSON.stringify({ topics: [{ name: 'in', partitions: 2 }], ...doc }, null, 2));
const errors = (doc: Record<string, unknown>) => {
  const r = parse(doc);
  return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
};

describe('the validator per release', () => {
  it('refuses StreamsGroupHeartbeat v1 before 4.4, naming the release and its versions', () => {
    expect(errors({ kafka: '4.3', steps: [{ send: 'StreamsGroupHeartbeat', version: 1, data: {} }] })).toEqual(['$.steps[0].version: StreamsGroupHeartbeat v1 is not in Kafka 4.3; it has v0']);
    expect(errors({ kafka: '4.1', steps: [{ send: 'StreamsGroupDescribe', version: 1, data: { groupIds: ['app'] } }] })).toEqual([
      '$.steps[0].version: StreamsGroupDescribe v1 is not in Kafka 4.1; it has v0',
    ]);
    expect(errors({ kafka: '4.4', steps: [{ send: 'StreamsGroupHeartbeat', version: 1, data: {} }] })).toEqual([]);
  });

  it('refuses a request field of a version the release does not have, naming the release that brought it', () => {
    expect(errors({ kafka: '4.2', steps: [{ send: 'StreamsGroupDescribe', data: { groupIds: ['app'], includeTopologyDescription: true } }] })).toEqual([
      '$.steps[0].data.includeTopologyDescription: Field "includeTopologyDescription" is not in Kafka 4.2\'s StreamsGroupDescribe (v0); it came with v1 in Kafka 4.4',
    ]);
    // under 4.4 the same field of v0 is only a version mismatch
    expect(errors({ kafka: '4.4', steps: [{ send: 'StreamsGroupDescribe', version: 0, data: { groupIds: ['app'], includeTopologyDescription: true } }] })).toEqual([
      '$.steps[0].data.includeTopologyDescription: Field "includeTopologyDescription" is not in StreamsGroupDescribe v0 (ak4)',
    ]);
    expect(errors({ kafka: '4.4', steps: [{ send: 'StreamsGroupDescribe', version: 1, data: { groupIds: ['app'], includeTopologyDescription: true } }] })).toEqual([]);
  });

  it("a send step that names no version sends the release's newest", () => {
    const r = parse({ kafka: '4.2', steps: [{ send: 'StreamsGroupHeartbeat', data: {} }] });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.scenario.steps[0]).toMatchObject({ send: 'StreamsGroupHeartbeat', version: 0 });
  });

  it('refuses a config the release does not have, naming the release that brought it', () => {
    expect(errors({ kafka: '4.1', config: { 'group.streams.initial.rebalance.delay.ms': 0 } })).toEqual([
      '$.config["group.streams.initial.rebalance.delay.ms"]: config "group.streams.initial.rebalance.delay.ms" is not in Kafka 4.1; it came with 4.2',
    ]);
    expect(errors({ kafka: '4.2', config: { 'group.streams.assignment.interval.ms': 0 } })).toEqual([
      '$.config["group.streams.assignment.interval.ms"]: config "group.streams.assignment.interval.ms" is not in Kafka 4.2; it came with 4.3',
    ]);
    expect(errors({ kafka: '4.3', config: { 'group.streams.assignors': 'sticky', 'group.streams.num.warmup.replicas': 1 } })).toHaveLength(2);
    expect(errors({ kafka: '4.2', config: { 'group.streams.initial.rebalance.delay.ms': 0 } })).toEqual([]);
  });

  it('runs a release without a config as that release: 4.2 computes a due assignment at once (no assignment interval), 4.3 waits for it', () => {
    const doc = (kafka: string) => ({
      kafka,
      config: { 'group.streams.initial.rebalance.delay.ms': 0 },
      topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
      clients: { a: { profile: 'java' }, b: { profile: 'java' } },
      steps: [
        { client: 'a', do: 'join' },
        { client: 'b', do: 'join' },
      ],
    });
    const run = (kafka: string) => {
      const r = parse(doc(kafka));
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return new ScenarioRunner(r.scenario).run();
    };
    // GroupMetadataManager (4.3.2) maybeUpdateStreamsTargetAssignment: within group.streams.assignment.interval.ms (1000 ms) the next one waits
    expect(run('4.3').steps[1]!.group!.assignmentEpoch).toBeLessThan(run('4.3').steps[1]!.group!.groupEpoch);
    // GroupMetadataManager (4.2.2) streamsGroupHeartbeat: no interval, the assignment follows the group epoch
    expect(run('4.2').steps[1]!.group!.assignmentEpoch).toBe(run('4.2').steps[1]!.group!.groupEpoch);
  });

  it('refuses a KAFKA-20870 variant with an older release', () => {
    expect(errors({ kafka: '4.2', variant: 'B-accumulate' })[0]).toMatch(/^\$\.kafka: variant "B-accumulate" is a proposal against Kafka 4\.4/);
  });
});

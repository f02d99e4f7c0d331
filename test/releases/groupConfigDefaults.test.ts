// A group that has group configs reads the streams configs it does not set (ReleaseRules.groupConfigStreamsDefaults):
// 4.1.2/4.2.2's GroupConfigManager is built over GroupCoordinatorConfig.extractGroupConfigMap, which holds only the
// consumer and share configs, so GroupMetadataManager.streamsGroupHeartbeatIntervalMs (…SessionTimeoutMs,
// …NumStandbyReplicas, …InitialRebalanceDelayMs: groupConfig.map(GroupConfig::streams…).orElse(the broker's)) reads
// GroupConfig.CONFIG_DEF's default (5000, 45000, 0, 3000); 4.3.2/4.4.0 put the broker's group.streams.* values there.
import { describe, expect, it } from 'vitest';
import type { KafkaRelease } from '../../src/core/releases/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';
import type { Trace } from '../../src/core/scenario/types.ts';

type Json = Record<string, unknown>;

/** A group config alteration on the group (the given ops), then a member joins. */
function alterThenJoin(kafka: KafkaRelease, configs: { name: string; configOperation: number; value: string | null }[]): Trace {
  const r = parseScenario(
    JSON.stringify({
      kafka,
      config: {
        'group.streams.initial.rebalance.delay.ms': 0,
        'group.streams.heartbeat.interval.ms': 7000,
        'group.streams.session.timeout.ms': 50000,
        'group.streams.num.standby.replicas': 1,
      },
      topics: [{ name: 'in', partitions: 2 }],
      topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
      clients: { a: { profile: 'java' } },
      steps: [
        { send: 'IncrementalAlterConfigs', data: { resources: [{ resourceType: 32, resourceName: 'app', configs }], validateOnly: false } },
        { client: 'a', do: 'join' },
      ],
    }),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return new ScenarioRunner(r.scenario).run();
}

const join = (t: Trace) => t.steps[1]!;
const standbyConfig = (t: Trace) => {
  const meta = join(t).records.find((x) => x.type === 'StreamsGroupMetadata')!.value as { lastAssignmentConfigs: { key: string; value: string }[] };
  return meta.lastAssignmentConfigs.find((c) => c.key === 'num.standby.replicas')!.value;
};

describe('GroupMetadataManager.streamsGroup*: a streams config the group does not set, when it has group configs', () => {
  it('4.2 reads GroupConfig.CONFIG_DEF defaults (heartbeat interval 5000, standbys 0); 4.3 and 4.4 the broker values', () => {
    const other = [{ name: 'consumer.session.timeout.ms', configOperation: 0, value: '45000' }];
    expect((join(alterThenJoin('4.2', other)).response as Json).heartbeatIntervalMs).toBe(5000);
    expect(standbyConfig(alterThenJoin('4.2', other))).toBe('0');
    for (const k of ['4.3', '4.4'] as const) {
      expect((join(alterThenJoin(k, other)).response as Json).heartbeatIntervalMs, k).toBe(7000);
      expect(standbyConfig(alterThenJoin(k, other)), k).toBe('1');
    }
  });

  it('a group config the group sets is read in every release', () => {
    const set = [{ name: 'streams.heartbeat.interval.ms', configOperation: 0, value: '6000' }];
    for (const k of ['4.2', '4.3', '4.4'] as const) expect((join(alterThenJoin(k, set)).response as Json).heartbeatIntervalMs, k).toBe(6000);
  });

  it('4.2: an alteration that leaves the group with no config still gives it a GroupConfig of defaults (GroupConfigManager.updateGroupConfig)', () => {
    const deleteOnly = [{ name: 'streams.num.warmup.replicas', configOperation: 1, value: null }];
    expect(join(alterThenJoin('4.2', deleteOnly)).errorName).toBe('NONE');
    expect((join(alterThenJoin('4.2', deleteOnly)).response as Json).heartbeatIntervalMs).toBe(5000);
    expect((join(alterThenJoin('4.4', deleteOnly)).response as Json).heartbeatIntervalMs).toBe(7000);
  });
});

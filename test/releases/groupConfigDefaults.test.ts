// What a streams group with group configs reads for a streams config it does not set, per release: GroupConfigManager
// builds each group's GroupConfig over GroupCoordinatorConfig.extractGroupConfigMap (4.2.2: consumer and share configs
// only, so GroupConfig.CONFIG_DEF's own streams defaults; 4.3.2 and 4.4.0: the broker's configs), and 4.2.2's updateGroupConfig keeps an emptied
// group config (4.3.2 and 4.4.0 remove it). Release fields groupConfigOwnDefaults and emptyGroupConfigKept.
import { describe, expect, it } from 'vitest';
import type { KafkaRelease } from '../../src/core/releases/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';
import type { Trace } from '../../src/core/scenario/types.ts';

const alter = (configs: { name: string; configOperation: number; value: string | null }[]) => ({
  send: 'IncrementalAlterConfigs',
  data: { resources: [{ resourceType: 32, resourceName: 'app', configs }], validateOnly: false },
});

/** The broker sets group.streams.heartbeat.interval.ms 6000; the group alters its session timeout (and maybe deletes it again). */
function heartbeatInterval(kafka: KafkaRelease, thenDelete: boolean): { interval: unknown; runner: ScenarioRunner } {
  const r = parseScenario(
    JSON.stringify({
      kafka,
      config: { 'group.streams.heartbeat.interval.ms': 6000, 'group.streams.initial.rebalance.delay.ms': 0 },
      topics: [{ name: 'in', partitions: 2 }],
      topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
      clients: { a: { profile: 'java' } },
      steps: [
        alter([{ name: 'streams.session.timeout.ms', configOperation: 0, value: '60000' }]),
        ...(thenDelete ? [alter([{ name: 'streams.session.timeout.ms', configOperation: 1, value: null }])] : []),
        { client: 'a', do: 'join' },
      ],
    }),
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  const runner = new ScenarioRunner(r.scenario);
  const trace = runner.run();
  return { interval: (trace.steps[trace.steps.length - 1]!.response as Record<string, unknown>).heartbeatIntervalMs, runner };
}

describe("a group's unset streams configs under its group configs", () => {
  it("groupConfigOwnDefaults — GroupCoordinatorConfig.extractGroupConfigMap (4.2.2 has no streams configs): 4.2 answers GroupConfig's heartbeat interval 5000, 4.3 and 4.4 the broker's 6000", () => {
    expect(heartbeatInterval('4.2', false).interval).toBe(5000);
    for (const k of ['4.3', '4.4'] as const) expect(heartbeatInterval(k, false).interval, k).toBe(6000);
  });

  it('emptyGroupConfigKept — GroupConfigManager.updateGroupConfig (4.2.2 keeps an emptied config; 4.3.2 removes it): after the last group config is deleted 4.2 still reads 5000, 4.3 the broker again', () => {
    expect(heartbeatInterval('4.2', true).interval).toBe(5000);
    expect(heartbeatInterval('4.3', true).interval).toBe(6000);
  });

  it("groupConfigOwnDefaults — GroupConfig.validate (4.2.2: ConfigDef.parse fills GroupConfig's defaults): a session timeout of 5.5 s passes 4.2 (over the default 5 s heartbeat) and is refused by 4.3 (over the broker's 6 s)", () => {
    const refusal = (kafka: KafkaRelease) => {
      const r = parseScenario(
        JSON.stringify({
          kafka,
          config: { 'group.streams.heartbeat.interval.ms': 6000, 'group.streams.min.session.timeout.ms': 5000 },
          topics: [{ name: 'in', partitions: 1 }],
          clients: {},
          steps: [alter([{ name: 'streams.session.timeout.ms', configOperation: 0, value: '5500' }])],
        }),
      );
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      const response = new ScenarioRunner(r.scenario).run().steps[0]!.response as { responses: { errorCode: number; errorMessage: string | null }[] };
      return response.responses[0]!;
    };
    expect(refusal('4.2')).toMatchObject({ errorCode: 0, errorMessage: null });
    expect(refusal('4.3')).toMatchObject({ errorCode: 40, errorMessage: 'streams.session.timeout.ms must be greater than streams.heartbeat.interval.ms' });
  });
});

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

// IncrementalAlterConfigs on a GROUP resource under an older release: a group config the release's GroupConfig does not
// define is unknown there (GroupConfig.validate → validateNames: "Unknown group config name: X", INVALID_CONFIG), as
// read from each release's GroupConfig.CONFIG_DEF (4.1.2: 10 names, 4.2.2: 11, 4.3.2: 17, 4.4.0: 27).
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import type { KafkaRelease } from '../../src/core/releases/index.ts';

function alter(kafka: KafkaRelease, name: string, value: string, configOperation = 0, more: { name: string; value: string }[] = []): { errorCode: number; errorMessage: string | null } {
  const doc = {
    format: 1,
    protocol: 'ak4',
    variant: 'current',
    kafka,
    groupId: 'app',
    topics: [{ name: 'orders', partitions: 1 }],
    clients: {},
    steps: [
      {
        send: 'IncrementalAlterConfigs',
        data: { resources: [{ resourceType: 32, resourceName: 'app', configs: [{ name, configOperation, value }, ...more.map((c) => ({ ...c, configOperation: 0 }))] }], validateOnly: false },
      },
    ],
  };
  const parsed = parseScenario(JSON.stringify(doc));
  if (!parsed.ok) throw new Error(`${parsed.errors[0]?.path}: ${parsed.errors[0]?.message}`);
  const response = runScenario(parsed.scenario).steps[0]!.response as { responses: { errorCode: number; errorMessage: string | null }[] };
  const { errorCode, errorMessage } = response.responses[0]!;
  return { errorCode, errorMessage };
}

const UNKNOWN = 40; // INVALID_CONFIG

describe("a group config the release's GroupConfig does not have is unknown there", () => {
  it('streams.assignor.name (4.4), streams.assignment.interval.ms (4.3), streams.initial.rebalance.delay.ms (4.2)', () => {
    expect(alter('4.4', 'streams.assignor.name', 'sticky').errorCode).toBe(0);
    expect(alter('4.3', 'streams.assignor.name', 'sticky')).toEqual({ errorCode: UNKNOWN, errorMessage: 'Unknown group config name: streams.assignor.name' });
    expect(alter('4.3', 'streams.assignment.interval.ms', '1000').errorCode).toBe(0);
    expect(alter('4.2', 'streams.assignment.interval.ms', '1000')).toEqual({ errorCode: UNKNOWN, errorMessage: 'Unknown group config name: streams.assignment.interval.ms' });
    expect(alter('4.2', 'streams.initial.rebalance.delay.ms', '0').errorCode).toBe(0);
    expect(alter('4.1', 'streams.initial.rebalance.delay.ms', '0')).toEqual({ errorCode: UNKNOWN, errorMessage: 'Unknown group config name: streams.initial.rebalance.delay.ms' });
  });

  it("the other group types' configs too: the offload flags and the dead-letter queue came with 4.4, the assignment intervals and share delivery limits with 4.3", () => {
    for (const name of ['consumer.assignor.offload.enable', 'errors.deadletterqueue.copy.record.enable']) {
      expect(alter('4.4', name, 'false').errorCode, name).toBe(0);
      expect(alter('4.3', name, 'false').errorMessage, name).toBe(`Unknown group config name: ${name}`);
    }
    expect(alter('4.3', 'share.delivery.count.limit', '5').errorCode).toBe(0);
    expect(alter('4.2', 'share.delivery.count.limit', '5').errorMessage).toBe('Unknown group config name: share.delivery.count.limit');
    // APPEND to a list config the release does not have: no type there, so not a LIST (ConfigurationControlManager.incrementalAlterConfigResource)
    expect(alter('4.4', 'streams.rack.aware.assignment.tags', 'zone', 2).errorCode).toBe(0);
    expect(alter('4.3', 'streams.rack.aware.assignment.tags', 'zone', 2).errorMessage).toBe("Can't APPEND to key streams.rack.aware.assignment.tags because its type is not LIST.");
    // a name every release has
    for (const kafka of ['4.1', '4.2', '4.3', '4.4'] as const) expect(alter(kafka, 'streams.num.standby.replicas', '1').errorCode, kafka).toBe(0);
  });

  it('GroupConfig.validateValues of 4.1–4.3 names the bounding broker config; 4.4 names the bound (groupConfigBoundNamesBrokerConfig)', () => {
    const INVALID_CONFIG = 40;
    expect(alter('4.4', 'streams.num.standby.replicas', '3')).toEqual({ errorCode: INVALID_CONFIG, errorMessage: 'streams.num.standby.replicas must be less than or equal to 2' });
    expect(alter('4.4', 'streams.session.timeout.ms', '1000').errorMessage).toBe('streams.session.timeout.ms must be in the range 45000 to 60000 inclusive.');
    for (const kafka of ['4.1', '4.2', '4.3'] as const) {
      expect(alter(kafka, 'streams.num.standby.replicas', '3'), kafka).toEqual({
        errorCode: INVALID_CONFIG,
        errorMessage: 'streams.num.standby.replicas must be less than or equal to group.streams.max.standby.replicas',
      });
      expect(alter(kafka, 'streams.session.timeout.ms', '1000').errorMessage, kafka).toBe('streams.session.timeout.ms must be greater than or equal to group.streams.min.session.timeout.ms');
      expect(alter(kafka, 'streams.heartbeat.interval.ms', '20000').errorMessage, kafka).toBe('streams.heartbeat.interval.ms must be less than or equal to group.streams.max.heartbeat.interval.ms');
      expect(alter(kafka, 'consumer.session.timeout.ms', '1000').errorMessage, kafka).toBe('consumer.session.timeout.ms must be greater than or equal to group.consumer.min.session.timeout.ms');
    }
    expect(alter('4.3', 'share.delivery.count.limit', '11').errorMessage).toBe('share.delivery.count.limit must be less than or equal to group.share.max.delivery.count.limit');
    expect(alter('4.3', 'streams.assignment.interval.ms', '20000').errorMessage).toBe('streams.assignment.interval.ms must be less than or equal to group.streams.max.assignment.interval.ms');
  });

  it("GroupConfig.validate of 4.3 checks the names in one HashMap with extractGroupConfigMap's eleven defaults: 13 entries resize it to 32 slots, so another unknown name comes first than in 4.2 (the names alone)", () => {
    const two = (kafka: KafkaRelease) => alter(kafka, 'streams.acceptable.recovery.lag', '0', 0, [{ name: 'streams.num.warmup.replicas', value: '0' }]).errorMessage;
    expect(two('4.3')).toBe('Unknown group config name: streams.num.warmup.replicas');
    expect(two('4.2')).toBe('Unknown group config name: streams.acceptable.recovery.lag');
    expect(two('4.4')).toBeNull();
  });
});

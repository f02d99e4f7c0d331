// IncrementalAlterConfigs on GROUP resources (issue 11 item 11): GroupConfig.validate's rules and messages (Kafka
// 4.4.0), and the effect on the group's next heartbeat.
import { describe, expect, it } from 'vitest';
import { Harness } from '../conformance/harness.ts';

type Change = { name: string; configOperation?: number; value?: string | null };

function alter(h: Harness, configs: Change[], validateOnly = false, group = 'g') {
  return h.broker.send(
    'IncrementalAlterConfigs',
    1,
    { resources: [{ resourceType: 32, resourceName: group, configs: configs.map((c) => ({ configOperation: 0, value: null, ...c })) }], validateOnly },
    { clientId: 'admin', clientHost: '/127.0.0.1' },
  );
}
const first = (o: ReturnType<typeof alter>) => (o.response as { responses: { errorCode: number; errorMessage: string | null }[] }).responses[0]!;

describe('IncrementalAlterConfigs on a GROUP resource', () => {
  it('streams.num.standby.replicas: the next heartbeat bumps the group epoch and the new target has standbys', () => {
    const h = new Harness({
      topics: [
        ['in0', 4],
        ['app-0-changelog', 4],
      ],
    });
    const E = h.join('A', 'pA').res.memberEpoch as number;
    h.join('B', 'pB');
    expect(first(alter(h, [{ name: 'streams.num.standby.replicas', value: '1' }]))).toEqual({ errorCode: 0, errorMessage: null, resourceType: 32, resourceName: 'g' });
    const r = h.beat('A', E);
    // ak4-shipped §4.4 step 10: the assignment configs changed since the last assignment
    expect(r.records.find((x) => x.type === 'StreamsGroupMetadata')!.value).toMatchObject({ epoch: E + 2, lastAssignmentConfigs: [{ key: 'num.standby.replicas', value: '1' }] });
    const standbys = Object.values(h.target('A')!.standby).flat().length + Object.values(h.target('B')!.standby).flat().length;
    expect(standbys).toBe(4);
  });

  it('streams.session.timeout.ms: the next heartbeat schedules the session with it; a failover keeps it (cluster metadata)', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    alter(h, [{ name: 'streams.session.timeout.ms', value: '55000' }]);
    h.beat('A', E);
    expect(h.sessionDeadline('A')).toBe(55000);
    h.failover();
    expect(h.sessionDeadline('A')).toBe(55000);
    // DELETE returns to the broker's value
    alter(h, [{ name: 'streams.session.timeout.ms', configOperation: 1 }]);
    h.beat('A', E);
    expect(h.sessionDeadline('A')).toBe(45000);
  });

  it("validation: INVALID_CONFIG with GroupConfig's messages; nothing changes", () => {
    const h = new Harness();
    const cases: [Change[], string][] = [
      [[{ name: 'streams.bogus', value: '1' }], 'Unknown group config name: streams.bogus'],
      [[{ name: 'streams.session.timeout.ms', value: '1000' }], 'streams.session.timeout.ms must be in the range 45000 to 60000 inclusive.'],
      [[{ name: 'streams.heartbeat.interval.ms', value: 'x' }], 'Invalid value x for configuration streams.heartbeat.interval.ms: Not a number of type INT'],
      [[{ name: 'streams.num.standby.replicas', value: '-1' }], 'Invalid value -1 for configuration streams.num.standby.replicas: Value must be at least 0'],
      [[{ name: 'streams.num.standby.replicas', value: '3' }], 'streams.num.standby.replicas must be less than or equal to 2'],
      [[{ name: 'streams.num.standby.replicas', configOperation: 2, value: '1' }], "Can't APPEND to key streams.num.standby.replicas because its type is not LIST."],
      [[{ name: 'streams.rack.aware.assignment.tags', value: 'zone,zone' }], 'streams.rack.aware.assignment.tags must not contain duplicate tag keys.'],
    ];
    for (const [configs, text] of cases) {
      const o = alter(h, configs);
      expect(o.errorName).toBe('INVALID_CONFIG');
      expect(first(o)).toMatchObject({ errorCode: 40, errorMessage: text });
    }
    expect(h.broker.groupConfigs.size).toBe(0);
    // the session must exceed the heartbeat interval, the broker's value counting for the one not given
    const hb = new Harness({ config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0, 'group.streams.max.heartbeat.interval.ms': 60000 } });
    expect(first(alter(hb, [{ name: 'streams.heartbeat.interval.ms', value: '50000' }])).errorMessage).toBe('streams.session.timeout.ms must be greater than streams.heartbeat.interval.ms');
    // validateOnly: accepted, not stored
    expect(first(alter(h, [{ name: 'streams.num.standby.replicas', value: '1' }], true)).errorCode).toBe(0);
    expect(h.broker.groupConfigs.size).toBe(0);
  });

  it('an empty group name: INVALID_REQUEST "Default group resources are not allowed." (ControllerConfigurationValidator.validateGroupName), before the configs are checked', () => {
    const h = new Harness();
    for (const configs of [[{ name: 'streams.num.standby.replicas', value: '1' }], [{ name: 'streams.bogus', value: '1' }], [{ name: 'streams.session.timeout.ms', value: '1' }]]) {
      const o = alter(h, configs, false, '');
      expect(o.errorName).toBe('INVALID_REQUEST');
      expect(first(o)).toEqual({ errorCode: 42, errorMessage: 'Default group resources are not allowed.', resourceType: 32, resourceName: '' });
    }
    expect(first(alter(h, [{ name: 'streams.num.standby.replicas', value: '1' }], true, '')).errorCode).toBe(42);
    expect(h.broker.groupConfigs.size).toBe(0);
    // a blank name is a name
    expect(first(alter(h, [{ name: 'streams.num.standby.replicas', value: '1' }], false, ' ')).errorCode).toBe(0);
  });

  it('every GroupConfig name is accepted for any group id (consumer.*, share.*, errors.*), stored, and leaves the streams group as it is', () => {
    const h = new Harness();
    const E = h.join('A', 'pA').res.memberEpoch as number;
    expect(first(alter(h, [{ name: 'consumer.session.timeout.ms', value: '50000' }], false, 'g')).errorCode).toBe(0);
    expect(
      first(
        alter(
          h,
          [
            { name: 'share.isolation.level', value: 'read_committed' },
            { name: 'errors.deadletterqueue.copy.record.enable', value: 'TRUE' },
          ],
          false,
          'g',
        ),
      ).errorCode,
    ).toBe(0);
    expect([...h.broker.groupConfigs.get('g')!.keys()]).toEqual(['consumer.session.timeout.ms', 'share.isolation.level', 'errors.deadletterqueue.copy.record.enable']);
    // no streams config changed: the session keeps the broker's timeout
    h.beat('A', E);
    expect(h.sessionDeadline('A')).toBe(45000);
  });

  it("GroupConfig.validate's order: names (HashMap order), then ConfigDef.parse (CONFIG_DEF order), then validateValues (Kafka's order); a DELETE of an unknown name is no error", () => {
    const h = new Harness();
    const cases: [Change[], string][] = [
      // ConfigurationControlManager: DELETE only removes the name; the standby bound is what fails
      [
        [
          { name: 'streams.bogus.config', configOperation: 1 },
          { name: 'streams.num.standby.replicas', value: '3' },
        ],
        'streams.num.standby.replicas must be less than or equal to 2',
      ],
      // validateNames walks the controller's HashMap of the configs: alpha.bogus comes first there
      [
        [
          { name: 'zeta.bogus', value: '1' },
          { name: 'alpha.bogus', value: '1' },
        ],
        'Unknown group config name: alpha.bogus',
      ],
      // an unknown name has no LIST type (ConfigurationControlManager.incrementalAlterConfigResource)
      [[{ name: 'streams.bogus', configOperation: 2, value: 'x' }], "Can't APPEND to key streams.bogus because its type is not LIST."],
      // ConfigDef.parse in CONFIG_DEF order: consumer.session.timeout.ms is defined before streams.num.standby.replicas
      [
        [
          { name: 'streams.num.standby.replicas', value: 'x' },
          { name: 'consumer.session.timeout.ms', value: 'y' },
        ],
        'Invalid value y for configuration consumer.session.timeout.ms: Not a number of type INT',
      ],
      // validateValues checks the share bounds before the streams ones
      [
        [
          { name: 'streams.num.standby.replicas', value: '3' },
          { name: 'share.delivery.count.limit', value: '11' },
        ],
        'share.delivery.count.limit must be in the range 2 to 10 inclusive.',
      ],
      [[{ name: 'consumer.session.timeout.ms', value: '1000' }], 'consumer.session.timeout.ms must be in the range 45000 to 60000 inclusive.'],
      [[{ name: 'streams.task.offset.interval.ms', value: '1' }], 'streams.task.offset.interval.ms must be greater than or equal to 15000'],
      [[{ name: 'streams.num.warmup.replicas', value: '21' }], 'streams.num.warmup.replicas must be less than or equal to 20'],
      [[{ name: 'share.isolation.level', value: 'bogus' }], 'Invalid value bogus for configuration share.isolation.level: String must be one of: read_committed, read_uncommitted'],
      [[{ name: 'consumer.assignor.offload.enable', value: 'yes' }], 'Invalid value yes for configuration consumer.assignor.offload.enable: Expected value to be either true or false'],
      [
        [{ name: 'share.auto.offset.reset', value: 'by_duration:-PT1H' }],
        "Invalid value by_duration:-PT1H for configuration share.auto.offset.reset: Invalid value `by_duration:-PT1H` for configuration share.auto.offset.reset. The value must be either 'earliest', 'latest' or of the format 'by_duration:<PnDTnHnMn.nS>'.",
      ],
      [[{ name: 'errors.deadletterqueue.topic.name', value: '__x' }], "errors.deadletterqueue.topic.name: DLQ topic name must not start with '__'"],
    ];
    for (const [configs, text] of cases) expect(first(alter(h, configs))).toMatchObject({ errorCode: 40, errorMessage: text });
    expect(first(alter(h, [{ name: 'share.auto.offset.reset', value: 'by_duration:PT1H' }])).errorCode).toBe(0);
  });
});

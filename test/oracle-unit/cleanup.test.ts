// `sgp oracle` cleans up after itself on a cluster (issue 22 item 5): against a fake broker that records every call,
// the run's members leave, then its groups are deleted, then its topics (with the internal topics Kafka created for its
// groups), then its group configs are removed; on success and when a step throws. Only names with the run id are touched.
import { describe, expect, it } from 'vitest';
import { cleanUpRun, RunLedger, withCleanup, type CleanupPeer } from '../../src/cli/oracle/cleanup.ts';

type Obj = Record<string, unknown>;
const RUN = 'sgp-0a1b2c3d';

/** A broker with streams groups (members by id, static ones with an instance id), topics and group configs. */
class FakeBroker implements CleanupPeer {
  readonly calls: string[] = [];
  closed = 0;
  readonly members = new Map<string, { memberId: string; instanceId: string | null }[]>();
  readonly topics = new Set<string>();
  readonly configs = new Map<string, Set<string>>();

  async streamsGroup(api: 'StreamsGroupHeartbeat' | 'StreamsGroupDescribe', _version: number, data: Obj): Promise<Obj> {
    if (api === 'StreamsGroupDescribe') {
      this.calls.push(`describe ${(data.groupIds as string[]).join(',')}`);
      return {
        groups: (data.groupIds as string[]).map((groupId) => {
          const members = this.members.get(groupId);
          return members ? { groupId, errorCode: 0, members: members.map((m) => ({ ...m })) } : { groupId, errorCode: 69, members: [] };
        }),
      };
    }
    this.calls.push(`leave ${String(data.groupId)} ${String(data.memberId)} epoch ${String(data.memberEpoch)} instance ${String(data.instanceId)}`);
    const list = this.members.get(data.groupId as string) ?? [];
    // GroupMetadataManager.streamsGroupLeave: StreamsGroup.getMemberOrThrow (throwIfStaticMemberIsUnknown for a static
    // member) answers UNKNOWN_MEMBER_ID for a member that is not in the group
    if (!list.some((m) => m.memberId === data.memberId)) return { errorCode: 25, errorMessage: `Member ${String(data.memberId)} is not a member of group ${String(data.groupId)}.` };
    // GroupMetadataManager.streamsGroupLeave: -1 removes the member (a static one too, with its instance id); -2 keeps a static member
    if (data.memberEpoch === -1)
      this.members.set(
        data.groupId as string,
        list.filter((m) => m.memberId !== data.memberId),
      );
    return { errorCode: 0, errorMessage: null };
  }

  async deleteGroups(groupIds: readonly string[]): Promise<{ groupId: string; errorCode: number }[]> {
    this.calls.push(`DeleteGroups ${groupIds.join(',')}`);
    return groupIds.map((groupId) => {
      const members = this.members.get(groupId);
      if (!members) return { groupId, errorCode: 69 };
      // StreamsGroup.validateDeleteGroup: NON_EMPTY_GROUP while a member remains
      if (members.length > 0) return { groupId, errorCode: 68 };
      this.members.delete(groupId);
      return { groupId, errorCode: 0 };
    });
  }

  async metadata(): Promise<Map<string, unknown>> {
    this.calls.push('Metadata');
    return new Map([...this.topics].map((t) => [t, {}]));
  }

  async deleteTopics(names: string[]): Promise<{ name: string; errorCode: number }[]> {
    this.calls.push(`DeleteTopics ${[...names].sort().join(',')}`);
    return names.map((name) => ({ name, errorCode: this.topics.delete(name) ? 0 : 3 }));
  }

  async deleteGroupConfigs(configs: ReadonlyMap<string, readonly string[]>): Promise<{ groupId: string; errorCode: number; errorMessage: string | null }[]> {
    this.calls.push(`deleteConfigs ${[...configs].map(([g, n]) => `${g}:${n.join('+')}`).join(',')}`);
    for (const [g, names] of configs) for (const n of names) this.configs.get(g)?.delete(n);
    return [...configs.keys()].map((groupId) => ({ groupId, errorCode: 0, errorMessage: null }));
  }

  close(): void {
    this.closed++;
  }
}

/** A broker after a run that left two members (one static), its topics, an internal topic, a marker and configs; and someone else's things. */
function brokerAfterRun(): { broker: FakeBroker; ledger: RunLedger } {
  const broker = new FakeBroker();
  const ledger = new RunLedger(RUN);
  broker.members.set(`app.${RUN}`, [
    { memberId: 'm1', instanceId: null },
    { memberId: 'm2', instanceId: 'i2' },
  ]);
  broker.members.set(`${RUN}-probe1`, []);
  broker.members.set('app', [{ memberId: 'theirs', instanceId: null }]);
  for (const t of [`${RUN}.orders`, `${RUN}.app-store-changelog`, `${RUN}-marker1`, 'orders', 'sgp-ffffffff.orders']) broker.topics.add(t);
  broker.configs.set(`app.${RUN}`, new Set(['streams.session.timeout.ms', 'streams.heartbeat.interval.ms']));
  broker.configs.set(`${RUN}-probe1`, new Set(['streams.heartbeat.interval.ms']));
  broker.configs.set('app', new Set(['streams.session.timeout.ms']));
  ledger.group(`app.${RUN}`);
  ledger.group(`other.${RUN}`); // named by the plan, never created
  ledger.group('app'); // not the run's: never recorded
  ledger.topic(`${RUN}.orders`);
  ledger.topic('orders');
  ledger.config(`app.${RUN}`, 'streams.session.timeout.ms');
  ledger.config(`app.${RUN}`, 'streams.heartbeat.interval.ms');
  ledger.config(`${RUN}-probe1`, 'streams.heartbeat.interval.ms');
  ledger.config('app', 'streams.session.timeout.ms');
  ledger.topic(`${RUN}-marker1`);
  return { broker, ledger };
}

const EXPECTED_CALLS = [
  `describe app.${RUN},other.${RUN},${RUN}-probe1`,
  `leave app.${RUN} m1 epoch -1 instance null`,
  `leave app.${RUN} m2 epoch -1 instance i2`,
  `DeleteGroups app.${RUN},other.${RUN},${RUN}-probe1`,
  'Metadata',
  `DeleteTopics ${RUN}-marker1,${RUN}.app-store-changelog,${RUN}.orders`,
  `deleteConfigs app.${RUN}:streams.session.timeout.ms+streams.heartbeat.interval.ms,${RUN}-probe1:streams.heartbeat.interval.ms`,
];

function expectOnlyTheirsLeft(broker: FakeBroker): void {
  expect([...broker.members.keys()]).toEqual(['app']);
  expect([...broker.topics].sort()).toEqual(['orders', 'sgp-ffffffff.orders']);
  expect([...broker.configs].filter(([, names]) => names.size > 0).map(([g]) => g)).toEqual(['app']);
}

describe('oracle clean-up', () => {
  it('records only names that carry the run id', () => {
    const { ledger } = brokerAfterRun();
    expect(ledger.groups).toEqual([`app.${RUN}`, `other.${RUN}`, `${RUN}-probe1`]);
    expect(ledger.topics).toEqual([`${RUN}.orders`, `${RUN}-marker1`]);
    expect([...ledger.configs.keys()]).toEqual([`app.${RUN}`, `${RUN}-probe1`]);
  });

  it('makes members leave (-1, static ones with their instance id), then deletes groups, topics, then configs', async () => {
    const { broker, ledger } = brokerAfterRun();
    expect(await cleanUpRun(broker, ledger)).toEqual([]);
    expect(broker.calls).toEqual(EXPECTED_CALLS);
    expectOnlyTheirsLeft(broker);
  });

  it('cleans up after a run that succeeds, and returns its result', async () => {
    const { broker, ledger } = brokerAfterRun();
    const result = await withCleanup(
      ledger,
      async () => broker,
      async () => 'steps',
    );
    expect(result).toBe('steps');
    expect(broker.calls).toEqual(EXPECTED_CALLS);
    expect(broker.closed).toBe(1);
    expectOnlyTheirsLeft(broker);
  });

  it('cleans up after a step throws, and the step error stays the error', async () => {
    const { broker, ledger } = brokerAfterRun();
    await expect(
      withCleanup(
        ledger,
        async () => broker,
        async () => {
          throw new Error('step 3: DeleteTopics orders: error 41');
        },
      ),
    ).rejects.toThrow(/^step 3: DeleteTopics orders: error 41$/);
    expect(broker.calls).toEqual(EXPECTED_CALLS);
    expectOnlyTheirsLeft(broker);
  });

  it('says what it left behind: a group that stays non-empty fails a run that succeeded', async () => {
    const { broker, ledger } = brokerAfterRun();
    // a member the leave cannot remove (a broker that answers -1 without removing it)
    broker.streamsGroup = async (api) =>
      api === 'StreamsGroupDescribe' ? { groups: [{ groupId: `app.${RUN}`, errorCode: 0, members: [{ memberId: 'stuck', instanceId: null }] }] } : { errorCode: 0 };
    broker.members.set(`app.${RUN}`, [{ memberId: 'stuck', instanceId: null }]);
    await expect(
      withCleanup(
        ledger,
        async () => broker,
        async () => 'steps',
      ),
    ).rejects.toThrow(`the run finished, but the clean-up left on the cluster: group app.${RUN} was not deleted (DeleteGroups error 68)`);
    // the later stages still ran
    expect(broker.topics.has(`${RUN}.orders`)).toBe(false);
  });

  it('takes UNKNOWN_MEMBER_ID for a leave as "already gone": a member that left on its own after the Describe', async () => {
    const { broker, ledger } = brokerAfterRun();
    const streamsGroup = broker.streamsGroup.bind(broker);
    // between the Describe and the leaves, both members leave on their own (their sessions time out on the broker's
    // clock); the Describe's answer still lists them
    broker.streamsGroup = async (api, version, data) => {
      const res = await streamsGroup(api, version, data);
      if (api === 'StreamsGroupDescribe') broker.members.set(`app.${RUN}`, []);
      return res;
    };
    expect(await cleanUpRun(broker, ledger)).toEqual([]);
    expect(broker.calls).toEqual(EXPECTED_CALLS);
    expectOnlyTheirsLeft(broker);
  });

  it('still reports a leave that fails otherwise', async () => {
    const { broker, ledger } = brokerAfterRun();
    const streamsGroup = broker.streamsGroup.bind(broker);
    // FENCED_INSTANCE_ID: the instance id belongs to another member now (GroupMetadataManager.throwIfInstanceIdIsFenced)
    broker.streamsGroup = async (api, version, data) => (data.instanceId === 'i2' ? { errorCode: 82, errorMessage: 'fenced' } : streamsGroup(api, version, data));
    expect(await cleanUpRun(broker, ledger)).toEqual([`member m2 of group app.${RUN} could not leave (error 82: fenced)`, `group app.${RUN} was not deleted (DeleteGroups error 68)`]);
  });

  it('after a failure with no connection for the clean-up, the error says the run was left', async () => {
    const { ledger } = brokerAfterRun();
    await expect(
      withCleanup(
        ledger,
        async () => {
          throw new Error('could not connect to h:1');
        },
        async () => {
          throw new Error('connection closed by the broker');
        },
      ),
    ).rejects.toThrow(`connection closed by the broker; and the clean-up left on the cluster: everything of run ${RUN} (no connection for the clean-up: could not connect to h:1)`);
  });

  it('connects nowhere when the run created nothing', async () => {
    let connects = 0;
    const ledger = new RunLedger(RUN);
    await expect(
      withCleanup(
        ledger,
        async () => {
          connects++;
          return new FakeBroker();
        },
        async () => {
          throw new Error('could not connect');
        },
      ),
    ).rejects.toThrow('could not connect');
    expect(connects).toBe(0);
  });
});

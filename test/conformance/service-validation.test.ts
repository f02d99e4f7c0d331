// ak4 §2.1, §2.3, §4.1, §4.2 and kafka-20870 §2.1: the KafkaApis and service-layer checks, their exact
// messages and codes, in Kafka's order; a rejected request writes nothing and does not refresh the session.
import { describe, expect, it } from 'vitest';
import { Harness, NO_DELAYS, topologyX } from './harness.ts';

const JOIN = { memberId: 'm', memberEpoch: 0, rebalanceTimeoutMs: 300000, topology: topologyX(), activeTasks: [], standbyTasks: [], warmupTasks: [] };
const T = [{ subtopologyId: '0', partitions: [0] }];

/** Asserts an error response in the shape §2.3 gives it: every other field at its default, nothing written. */
function rejected(h: Harness, data: Record<string, unknown>, error: string, message: string | null) {
  const before = h.logSize();
  const r = h.hb(data);
  expect(r.error).toBe(error);
  expect(r.message).toBe(message);
  // error responses: Status [] (its default) and null task lists, as Kafka 4.4 answers them (checked by sgp oracle)
  expect(r.res).toMatchObject({ errorMessage: message, memberId: '', memberEpoch: 0, heartbeatIntervalMs: 0, status: [], activeTasks: null, standbyTasks: null, warmupTasks: null });
  expect(h.logSize()).toBe(before); // ak4 §4.2 step 4: no write operation
  return r;
}

describe('ak4 §4.2 step 3 — service validation, first failing check wins', () => {
  const h = new Harness();
  const cases: [string, Record<string, unknown>, string, string][] = [
    [
      '§4.2 step 2 (GroupCoordinatorService.throwIfStreamsGroupHeartbeatRequestIsUsingUnsupportedFeatures, as in the published 4.4.0 jar): a source topic regex comes before everything (even a blank member id)',
      { ...JOIN, memberId: '', topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'], sourceTopicRegex: ['in.*'] }] } },
      'INVALID_REQUEST',
      'Regular expressions for source topics are not supported yet.',
    ],
    ['MemberId blank before GroupId blank', { ...JOIN, memberId: ' ', groupId: '' }, 'INVALID_REQUEST', "MemberId can't be empty."],
    ['MemberId empty on join (the broker never generates ids)', { ...JOIN, memberId: '' }, 'INVALID_REQUEST', "MemberId can't be empty."],
    ['GroupId blank', { ...JOIN, groupId: '  ' }, 'INVALID_REQUEST', "GroupId can't be empty."],
    ['InstanceId blank (non-null) before RackId blank', { ...JOIN, instanceId: ' ', rackId: '' }, 'INVALID_REQUEST', "InstanceId can't be empty."],
    ['RackId blank (non-null)', { ...JOIN, rackId: '' }, 'INVALID_REQUEST', "RackId can't be empty."],
    ['join: RebalanceTimeoutMs -1 before the task lists', { ...JOIN, rebalanceTimeoutMs: -1, activeTasks: null }, 'INVALID_REQUEST', 'RebalanceTimeoutMs must be provided in first request.'],
    [
      'join: RebalanceTimeoutMs omitted takes the default -1',
      { memberId: 'm', memberEpoch: 0, topology: topologyX(), activeTasks: [], standbyTasks: [], warmupTasks: [] },
      'INVALID_REQUEST',
      'RebalanceTimeoutMs must be provided in first request.',
    ],
    ['join: ActiveTasks non-empty', { ...JOIN, activeTasks: T }, 'INVALID_REQUEST', 'ActiveTasks must be empty when (re-)joining.'],
    ['join: StandbyTasks non-empty', { ...JOIN, standbyTasks: T }, 'INVALID_REQUEST', 'StandbyTasks must be empty when (re-)joining.'],
    ['join: WarmupTasks non-empty', { ...JOIN, warmupTasks: T }, 'INVALID_REQUEST', 'WarmupTasks must be empty when (re-)joining.'],
    ['join: Topology null after the task lists', { ...JOIN, topology: null }, 'INVALID_REQUEST', 'Topology must be non-null when (re-)joining.'],
    [
      'join: a changelog partition count is STREAMS_INVALID_TOPOLOGY',
      { ...JOIN, topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'], stateChangelogTopics: [{ name: 'cl', partitions: 3 }] }] } },
      'STREAMS_INVALID_TOPOLOGY',
      'Changelog topic cl must have an undefined partition count, but it is set to 3.',
    ],
    ['epoch -2: InstanceId null', { memberId: 'm', memberEpoch: -2 }, 'INVALID_REQUEST', "InstanceId can't be null."],
    ['epoch < -2', { memberId: 'm', memberEpoch: -3 }, 'INVALID_REQUEST', 'MemberEpoch is -3, but must be greater than or equal to -2.'],
    ['epoch < -2 before the all-or-none rule', { memberId: 'm', memberEpoch: -7, activeTasks: [] }, 'INVALID_REQUEST', 'MemberEpoch is -7, but must be greater than or equal to -2.'],
    [
      'all-or-none before "Topology can only be provided"',
      { memberId: 'm', memberEpoch: 3, topology: topologyX(), activeTasks: [] },
      'INVALID_REQUEST',
      'If one task-type is non-null, all must be non-null.',
    ],
    ['non-join with a topology', { memberId: 'm', memberEpoch: 3, topology: topologyX() }, 'INVALID_REQUEST', 'Topology can only be provided when (re-)joining.'],
    ['leave (-1) with a topology', { memberId: 'm', memberEpoch: -1, topology: topologyX() }, 'INVALID_REQUEST', 'Topology can only be provided when (re-)joining.'],
  ];
  for (const [name, data, error, message] of cases) {
    it(`ak4 §4.2 — ${name}`, () => {
      const r = rejected(h, data, error, message);
      expect(r.res.errorCode).toBe(error === 'INVALID_REQUEST' ? 42 : 130);
    });
  }
  it('nothing was ever written and no group exists after all those rejections', () => {
    expect(h.logSize()).toBe(0);
    expect(h.group).toBeUndefined();
  });
});

describe('ak4 §4.1 — KafkaApis checks before the service', () => {
  it('§4.1 step 1: streams protocol not enabled → UNSUPPORTED_VERSION (35), message null', () => {
    const h = new Harness({ config: { ...NO_DELAYS, 'group.coordinator.rebalance.protocols': 'classic,consumer' } });
    const r = rejected(h, JOIN, 'UNSUPPORTED_VERSION', null);
    expect(r.res.errorCode).toBe(35);
  });
  it('§4.1 step 3: a Kafka-internal topic in the topology → STREAMS_INVALID_TOPOLOGY (130), before service checks', () => {
    const h = new Harness();
    const r = h.hb({ ...JOIN, memberId: '', topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['__consumer_offsets'] }] } });
    expect(r.error).toBe('STREAMS_INVALID_TOPOLOGY');
    expect(r.res.errorCode).toBe(130);
    expect(r.message).toContain('is prohibited.');
    expect(h.logSize()).toBe(0);
  });
  it('§4.1 step 3: an invalid topic name → STREAMS_INVALID_TOPOLOGY', () => {
    const h = new Harness();
    const r = h.hb({ ...JOIN, topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['bad topic!'] }] } });
    expect(r.error).toBe('STREAMS_INVALID_TOPOLOGY');
    expect(h.logSize()).toBe(0);
  });
});

// kafka-20870 §2.1, every row of the table: A S W with N = null, V = non-null.
describe('kafka-20870 §2.1 — owned-task lists at the service layer (variant current)', () => {
  type L = 'N' | 'E' | 'X'; // null, empty, non-empty
  const list = (l: L) => (l === 'N' ? null : l === 'E' ? [] : T);
  const joinRows: [string, L, L, L, string | null][] = [
    ['N N N', 'N', 'N', 'N', 'ActiveTasks must be empty when (re-)joining.'],
    ['V V V all empty', 'E', 'E', 'E', null],
    ['V V V active non-empty', 'X', 'E', 'E', 'ActiveTasks must be empty when (re-)joining.'],
    ['V V V standby non-empty', 'E', 'X', 'E', 'StandbyTasks must be empty when (re-)joining.'],
    ['V V V warmup non-empty', 'E', 'E', 'X', 'WarmupTasks must be empty when (re-)joining.'],
    ['V N N active non-empty', 'X', 'N', 'N', 'ActiveTasks must be empty when (re-)joining.'],
    ['V N N active empty', 'E', 'N', 'N', 'StandbyTasks must be empty when (re-)joining.'],
    ['N V N', 'N', 'E', 'N', 'ActiveTasks must be empty when (re-)joining.'],
    ['N N V', 'N', 'N', 'E', 'ActiveTasks must be empty when (re-)joining.'],
    ['N V V', 'N', 'E', 'E', 'ActiveTasks must be empty when (re-)joining.'],
    ['V V N first non-empty (standby)', 'E', 'X', 'N', 'StandbyTasks must be empty when (re-)joining.'],
    ['V V N both empty', 'E', 'E', 'N', 'WarmupTasks must be empty when (re-)joining.'],
    ['V N V first non-empty (active)', 'X', 'N', 'E', 'ActiveTasks must be empty when (re-)joining.'],
    ['V N V both empty', 'E', 'N', 'E', 'StandbyTasks must be empty when (re-)joining.'],
  ];
  for (const [name, a, s, w, message] of joinRows) {
    it(`kafka-20870 §2.1 epoch 0, ${name} → ${message ?? 'passes'}`, () => {
      const h = new Harness();
      const data = { ...JOIN, activeTasks: list(a), standbyTasks: list(s), warmupTasks: list(w) };
      if (message === null) {
        const r = h.hb(data);
        expect(r.error).toBe('NONE');
        expect(r.records.length).toBeGreaterThan(0);
      } else rejected(h, data, 'INVALID_REQUEST', message);
    });
  }

  /** A group with static member "m" (instance "i") holding 0_0..0_3 at epoch e. */
  function withMember() {
    const h = new Harness();
    const j = h.join('m', 'p', topologyX(), { instanceId: 'i' });
    return { h, e: j.res.memberEpoch as number };
  }
  const owned = [{ subtopologyId: '0', partitions: [0, 1, 2, 3] }];
  const partialRows: [string, unknown, unknown, unknown][] = [
    ['V N N', owned, null, null],
    ['N V N', null, [], null],
    ['N N V', null, null, []],
    ['N V V', null, [], []],
    ['V V N', owned, [], null],
    ['V N V', owned, null, []],
  ];
  for (const epochKind of ['> 0', '-1', '-2'] as const) {
    const epochOf = (e: number) => (epochKind === '> 0' ? e : epochKind === '-1' ? -1 : -2);
    it(`kafka-20870 §2.1 epoch ${epochKind}, N N N passes`, () => {
      const { h, e } = withMember();
      const r = h.hb({ memberId: 'm', instanceId: 'i', memberEpoch: epochOf(e) });
      expect(r.error).toBe('NONE');
    });
    it(`kafka-20870 §2.1 epoch ${epochKind}, V V V passes`, () => {
      const { h, e } = withMember();
      const r = h.hb({ memberId: 'm', instanceId: 'i', memberEpoch: epochOf(e), activeTasks: owned, standbyTasks: [], warmupTasks: [] });
      expect(r.error).toBe('NONE');
    });
    for (const [name, a, s, w] of partialRows) {
      it(`kafka-20870 §2.1 epoch ${epochKind}, ${name} → 42 "If one task-type is non-null, all must be non-null."; session not refreshed`, () => {
        const { h, e } = withMember();
        h.advance(10000);
        const deadline = h.sessionDeadline('m');
        rejected(
          h,
          { memberId: 'm', instanceId: 'i', memberEpoch: epochOf(e), activeTasks: a, standbyTasks: s, warmupTasks: w },
          'INVALID_REQUEST',
          'If one task-type is non-null, all must be non-null.',
        );
        expect(h.sessionDeadline('m')).toBe(deadline); // §2.1: the session timer is not touched
        expect(h.member('m').memberEpoch).toBe(e);
      });
    }
  }

  it('kafka-20870 §2.1 earlier checks win over the owned-task rules (blank member id, missing rebalance timeout, -2 without instance id)', () => {
    const h = new Harness();
    rejected(h, { ...JOIN, memberId: '', activeTasks: null }, 'INVALID_REQUEST', "MemberId can't be empty.");
    rejected(h, { ...JOIN, rebalanceTimeoutMs: -1, activeTasks: null }, 'INVALID_REQUEST', 'RebalanceTimeoutMs must be provided in first request.');
    rejected(h, { memberId: 'm', memberEpoch: -2, activeTasks: [] }, 'INVALID_REQUEST', "InstanceId can't be null.");
  });

  it('kafka-20870 §2.1 under coordinator-only the partial report passes the service layer (no 42)', () => {
    const h = new Harness({ variant: 'coordinator-only' });
    const e = h.join('m', 'p').res.memberEpoch as number;
    const r = h.hb({ memberId: 'm', memberEpoch: e, activeTasks: owned, standbyTasks: null, warmupTasks: null });
    expect(r.error).toBe('NONE');
    expect(r.records).toEqual([]);
  });
});

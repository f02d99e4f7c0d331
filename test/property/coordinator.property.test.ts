// Property tests: random and hostile request sequences never make the broker throw, every response is
// well formed, and the state a fresh coordinator rebuilds from the log equals the live state after every step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Broker } from '../../src/core/broker/broker.ts';
import { Config } from '../../src/core/config.ts';
import { Coordinator } from '../../src/core/coordinator/runtime.ts';
import { diffState, hardState } from '../../src/core/coordinator/snapshot.ts';
import { ERROR_CODES } from '../../src/core/protocol/errors.ts';
import type { Variant } from '../../src/core/scenario/types.ts';
import { editionNamed } from '../../src/core/editions/index.ts';

const MEMBERS = ['a', 'b', 'c'];
const TOPOLOGY = {
  epoch: 0,
  subtopologies: [
    { subtopologyId: '0', sourceTopics: ['in'], stateChangelogTopics: [{ name: 'app-s0-changelog', partitions: 0 }], repartitionSinkTopics: ['app-rep'] },
    { subtopologyId: '1', sourceTopics: [], repartitionSourceTopics: [{ name: 'app-rep', partitions: 0 }] },
  ],
};

const hostileString = fc.oneof(fc.constantFrom('', ' ', '\t', 'a', 'b', 'c', 'app', 'x'.repeat(300), 'ü-☃', '__consumer_offsets'), fc.string({ maxLength: 8 }));
const int32 = fc.oneof(fc.integer({ min: -3, max: 12 }), fc.constantFrom(-2147483648, 2147483647, 0, -1, -2));
const taskIds = fc.array(fc.record({ subtopologyId: fc.constantFrom('0', '1', '2', ''), partitions: fc.array(fc.oneof(fc.integer({ min: 0, max: 5 }), int32), { maxLength: 4 }) }), { maxLength: 3 });
const ownedList = fc.oneof(fc.constant(null), fc.constant([]), taskIds);

type Op =
  | { kind: 'join'; member: string; process: string; instance: string | null; hostile: Record<string, unknown> }
  | { kind: 'heartbeat'; member: string; epoch: 'current' | 'previous' | number; active: unknown; standby: unknown; warmup: unknown; extra: Record<string, unknown> }
  | { kind: 'leave'; member: string; epoch: -1 | -2; instance: string | null }
  | { kind: 'advance'; ms: number }
  | { kind: 'failover' }
  | { kind: 'topics'; partitions: number }
  | { kind: 'describe'; ids: string[] };

const hostileFields = fc.record(
  {
    groupId: hostileString,
    rackId: fc.oneof(fc.constant(null), hostileString),
    rebalanceTimeoutMs: int32,
    topology: fc.constantFrom(
      null,
      TOPOLOGY,
      { epoch: 1, subtopologies: [] },
      { epoch: -1, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in', 'in'] }] },
      { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['__consumer_offsets'] }] },
    ),
    activeTasks: ownedList,
    clientTags: fc.oneof(
      fc.constant(null),
      fc.constant([
        { key: 'k', value: 'v' },
        { key: 'k', value: 'w' },
      ]),
      fc.constant([]),
    ),
    processId: fc.oneof(fc.constant(null), hostileString),
    shutdownApplication: fc.boolean(),
    endpointInformationEpoch: int32,
    userEndpoint: fc.constantFrom(null, { host: 'h', port: 9092 }),
    taskOffsets: fc.constantFrom(null, [{ subtopologyId: '0', partition: 0, offset: 10 }]),
  },
  { requiredKeys: [] },
);

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('join' as const),
      member: fc.constantFrom(...MEMBERS),
      process: fc.constantFrom('p1', 'p2'),
      instance: fc.constantFrom(null, null, 'i1', 'i2'),
      hostile: fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: hostileFields }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('heartbeat' as const),
      member: fc.constantFrom(...MEMBERS, 'ghost'),
      epoch: fc.oneof(fc.constant('current' as const), fc.constant('previous' as const), int32),
      active: fc.oneof(fc.constant('assigned'), ownedList),
      standby: fc.oneof(fc.constant('assigned'), ownedList),
      warmup: fc.oneof(fc.constant('assigned'), ownedList),
      extra: fc.oneof({ weight: 5, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: hostileFields }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('leave' as const), member: fc.constantFrom(...MEMBERS), epoch: fc.constantFrom(-1 as const, -2 as const), instance: fc.constantFrom(null, 'i1') }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 70000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('failover' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('topics' as const), partitions: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('describe' as const), ids: fc.array(fc.constantFrom('app', '', 'nope'), { maxLength: 3 }) }) },
);

function request(broker: Broker, o: Op): Record<string, unknown> | null {
  const g = broker.coordinator.groups.get('app');
  const m = g?.members.get(o.kind === 'heartbeat' || o.kind === 'join' || o.kind === 'leave' ? o.member : '');
  switch (o.kind) {
    case 'join':
      return {
        groupId: 'app',
        memberId: o.member,
        memberEpoch: 0,
        instanceId: o.instance,
        rebalanceTimeoutMs: 30000,
        topology: TOPOLOGY,
        activeTasks: [],
        standbyTasks: [],
        warmupTasks: [],
        processId: o.process,
        ...o.hostile,
      };
    case 'heartbeat': {
      const epoch = o.epoch === 'current' ? (m?.memberEpoch ?? 1) : o.epoch === 'previous' ? (m?.previousMemberEpoch ?? 0) : o.epoch;
      const assigned = (role: 'active' | 'standby' | 'warmup') => {
        const t = m ? (role === 'active' ? new Map([...m.assignedTasks.active].map(([s, ps]) => [s, [...ps.keys()]])) : new Map([...m.assignedTasks[role]].map(([s, ps]) => [s, [...ps]]))) : new Map();
        return [...t].map(([subtopologyId, partitions]) => ({ subtopologyId, partitions }));
      };
      const list = (v: unknown, role: 'active' | 'standby' | 'warmup') => (v === 'assigned' ? assigned(role) : v);
      return {
        groupId: 'app',
        memberId: o.member,
        memberEpoch: epoch,
        instanceId: m?.instanceId ?? null,
        activeTasks: list(o.active, 'active'),
        standbyTasks: list(o.standby, 'standby'),
        warmupTasks: list(o.warmup, 'warmup'),
        ...o.extra,
      };
    }
    case 'leave':
      return { groupId: 'app', memberId: o.member, memberEpoch: o.epoch, instanceId: o.instance };
    default:
      return null;
  }
}

const KNOWN_CODES = new Set(Object.values(ERROR_CODES.ak4!));

function checkResponse(res: Record<string, unknown>, errorName: string): void {
  expect(typeof res.errorCode).toBe('number');
  expect(KNOWN_CODES.has(res.errorCode as number)).toBe(true);
  if (errorName === 'NONE') {
    expect(res.errorCode).toBe(0);
    expect(Array.isArray(res.status)).toBe(true);
    const lists = [res.activeTasks, res.standbyTasks, res.warmupTasks];
    // the three assignment lists are all null or all non-null
    expect(lists.every((l) => l === null) || lists.every((l) => Array.isArray(l))).toBe(true);
  } else {
    // an error response carries every other field at its default
    expect(res.errorCode).not.toBe(0);
    expect(res.memberId).toBe('');
    expect(res.memberEpoch).toBe(0);
    // Kafka 4.4 answers an error with Status [] (its default), as sgp oracle saw on the real broker
    expect(res.status).toEqual([]);
    expect(res.activeTasks).toBeNull();
  }
}

function runSequence(variant: Variant, ops: Op[]): void {
  const config = Config.from({ 'group.streams.initial.rebalance.delay.ms': 0 });
  const broker = new Broker({ edition: editionNamed('ak4'), variant, config }, [['in', 4]]);
  for (const o of ops) {
    if (o.kind === 'advance') broker.advance(o.ms);
    else if (o.kind === 'failover') broker.failover();
    else if (o.kind === 'topics') broker.changeTopics({ partitions: { in: o.partitions } });
    else if (o.kind === 'describe') {
      const out = broker.send('StreamsGroupDescribe', 0, { groupIds: o.ids }, { clientId: 't', clientHost: '/127.0.0.1' });
      expect(Array.isArray(out.response.groups)).toBe(true);
    } else {
      const data = request(broker, o)!;
      const out = broker.send('StreamsGroupHeartbeat', 1, data, { clientId: 't', clientHost: '/127.0.0.1' });
      checkResponse(out.response, out.errorName);
    }
    // replay ≡ live: a fresh coordinator loading the log has the same hard state
    const replayed = new Coordinator(broker.coordinator.options, broker.coordinator.log.clone(), broker.now);
    const diff = diffState(hardState(broker.coordinator.groups), hardState(replayed.groups));
    expect(diff).toEqual([]);
    // safety: no task is active on two members' assignments at once
    const g = broker.coordinator.groups.get('app');
    if (g) {
      const owners = new Map<string, string>();
      for (const m of g.members.values()) {
        for (const [s, ps] of m.assignedTasks.active) {
          for (const p of ps.keys()) {
            const k = `${s}_${p}`;
            expect(owners.get(k), `task ${k} active on ${owners.get(k)} and ${m.memberId}`).toBeUndefined();
            owners.set(k, m.memberId);
          }
        }
      }
    }
  }
}

describe('coordinator under random and hostile request sequences', () => {
  for (const variant of ['current', 'coordinator-only', 'A-persist-partial', 'B-accumulate'] as Variant[]) {
    it(`never throws, answers well-formed responses and replays to the live state (${variant})`, () => {
      fc.assert(
        fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => runSequence(variant, ops)),
        { numRuns: 150, seed: 20870 },
      );
    });
  }
});

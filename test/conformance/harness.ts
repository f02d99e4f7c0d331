// Conformance harness: drives the Broker (KafkaApis -> service -> coordinator) directly and exposes
// responses, appended records and group state, so tests can assert what the spec says byte for byte.
import { Broker, type RpcOutcome } from '../../src/core/broker/broker.ts';
import { Config } from '../../src/core/config.ts';
import type { StreamsGroup } from '../../src/core/coordinator/group.ts';
import { GROUP_STATE_NAMES } from '../../src/core/coordinator/group.ts';
import type { FiredTimer } from '../../src/core/coordinator/runtime.ts';
import type { CoordinatorRecord } from '../../src/core/log/records.ts';
import type { StreamsGroupMember } from '../../src/core/model/member.ts';
import { toObject, withoutEpochs } from '../../src/core/model/tasks.ts';
import type { Variant } from '../../src/core/scenario/types.ts';
import { editionNamed } from '../../src/core/editions/index.ts';
import type { KafkaRelease } from '../../src/core/releases/index.ts';
import type { Int64Json } from '../../src/core/util/int64.ts';

export type Tasks = Record<string, number[]>;
export const ids = (t: Tasks) => Object.entries(t).map(([subtopologyId, partitions]) => ({ subtopologyId, partitions }));

/** One stateful subtopology "0" reading `in0` (kafka-20870 setup X uses 4 partitions). */
export function topologyX(epoch = 0) {
  return {
    epoch,
    subtopologies: [{ subtopologyId: '0', sourceTopics: ['in0'], stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 0 }] }],
  };
}

/** kafka-20870 setup Y: "0" (in0, 2 partitions) and "1" (in1, 1 partition), both stateful. */
export function topologyY(epoch = 0) {
  return {
    epoch,
    subtopologies: [
      { subtopologyId: '0', sourceTopics: ['in0'], stateChangelogTopics: [{ name: 'app-0-changelog', partitions: 0 }] },
      { subtopologyId: '1', sourceTopics: ['in1'], stateChangelogTopics: [{ name: 'app-1-changelog', partitions: 0 }] },
    ],
  };
}

export interface HarnessOptions {
  variant?: Variant;
  config?: Record<string, number | string>;
  topics?: [string, number][];
  groupId?: string;
  /** The Kafka release modelled (default 4.4). */
  release?: KafkaRelease;
}

/** No initial delay and no assignment interval unless a test asks for them (kafka-20870 §4 "Common"). */
export const NO_DELAYS = { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0 };

export class Harness {
  readonly broker: Broker;
  readonly groupId: string;

  constructor(o: HarnessOptions = {}) {
    this.groupId = o.groupId ?? 'g';
    this.broker = new Broker(
      { edition: editionNamed('ak4'), variant: o.variant ?? 'current', config: Config.from(o.config ?? NO_DELAYS), release: o.release },
      o.topics ?? [
        ['in0', 4],
        ['app-0-changelog', 4],
      ],
    );
  }

  /** Sends a heartbeat with the given fields (Kafka JSON form); groupId defaults to the harness group. */
  hb(data: Record<string, unknown>, version = 1, clientId = 'c'): Result {
    const out = this.broker.send('StreamsGroupHeartbeat', version, { groupId: this.groupId, ...data }, { clientId, clientHost: '/127.0.0.1' });
    return new Result(out);
  }

  /** A Java-style join: topology, rebalance timeout, process id and three empty lists. */
  join(memberId: string, processId: string, topology: unknown = topologyX(), extra: Record<string, unknown> = {}): Result {
    return this.hb({ memberId, memberEpoch: 0, rebalanceTimeoutMs: 300000, topology, processId, activeTasks: [], standbyTasks: [], warmupTasks: [], clientTags: [], ...extra });
  }

  /** A heartbeat with a full report (three lists) or with all three null. */
  beat(memberId: string, memberEpoch: number, report?: { active?: Tasks; standby?: Tasks; warmup?: Tasks } | null, extra: Record<string, unknown> = {}): Result {
    const lists = report
      ? { activeTasks: ids(report.active ?? {}), standbyTasks: ids(report.standby ?? {}), warmupTasks: ids(report.warmup ?? {}) }
      : { activeTasks: null, standbyTasks: null, warmupTasks: null };
    return this.hb({ memberId, memberEpoch, ...lists, ...extra });
  }

  /** An admin OffsetCommit v9 (no member, generation -1) of offset 5 for one partition of a topic. */
  adminCommit(groupId: string, topic: string, partition: number): RpcOutcome {
    return this.broker.send(
      'OffsetCommit',
      9,
      {
        groupId,
        memberId: '',
        generationIdOrMemberEpoch: -1,
        groupInstanceId: null,
        topics: [{ name: topic, partitions: [{ partitionIndex: partition, committedOffset: 5, committedLeaderEpoch: -1, committedMetadata: '' }] }],
      },
      { clientId: 'admin', clientHost: '/127.0.0.1' },
    );
  }

  describe(groupIds: string[] = [this.groupId]) {
    return this.broker.send('StreamsGroupDescribe', 0, { groupIds }, { clientId: 'admin', clientHost: '/127.0.0.1' });
  }

  advance(ms: number): FiredTimer[] {
    return this.broker.advance(ms);
  }

  failover(): void {
    this.broker.failover();
  }

  get group(): StreamsGroup | undefined {
    return this.broker.coordinator.groups.get(this.groupId);
  }

  state(): string {
    return this.broker.coordinator.stateOf(this.groupId);
  }

  member(id: string): StreamsGroupMember {
    const m = this.group?.members.get(id);
    if (!m) throw new Error(`no member ${id}`);
    return m;
  }

  /** The member in the matcher's view: epoch, previous, state, assigned and pending as plain objects. */
  view(id: string) {
    const m = this.member(id);
    const a = withoutEpochs(m.assignedTasks);
    return {
      memberEpoch: m.memberEpoch,
      previousMemberEpoch: m.previousMemberEpoch,
      state: m.state,
      active: toObject(a.active),
      standby: toObject(a.standby),
      warmup: toObject(a.warmup),
      pendingActive: toObject(m.tasksPendingRevocation.active),
      pendingStandby: toObject(m.tasksPendingRevocation.standby),
    };
  }

  target(id: string) {
    const t = this.group?.targetAssignment.get(id);
    return t ? { active: toObject(t.active), standby: toObject(t.standby), warmup: toObject(t.warmup) } : null;
  }

  logSize(): number {
    return this.broker.coordinator.log.endOffset;
  }

  sessionDeadline(memberId: string): number | null {
    return this.broker.coordinator.timerDeadline(`session-timeout-${this.groupId}-${memberId}`);
  }

  rebalanceDeadline(memberId: string): number | null {
    return this.broker.coordinator.timerDeadline(`rebalance-timeout-${this.groupId}-${memberId}`);
  }

  groupStateName(): string {
    const g = this.group;
    return g ? GROUP_STATE_NAMES[g.state()] : 'Dead';
  }
}

export class Result {
  constructor(readonly out: RpcOutcome) {}
  get error(): string {
    return this.out.errorName;
  }
  get message(): string | null {
    return this.out.errorMessage;
  }
  get res(): Record<string, unknown> {
    return this.out.response;
  }
  get records(): readonly CoordinatorRecord[] {
    return this.out.batch?.records ?? [];
  }
  get types(): string[] {
    return this.records.map((r) => r.type);
  }
}

export function recordsOf(fired: FiredTimer[]): CoordinatorRecord[] {
  return fired.flatMap((f) => [...(f.batch?.records ?? [])]);
}

/** `type` and tombstone-ness of each record: "T" or "T(tombstone)". */
export function shape(records: readonly CoordinatorRecord[]): string[] {
  return records.map((r) => (r.value === null ? `${r.type}(tombstone)` : r.type) + (r.key.memberId !== undefined ? `:${String(r.key.memberId)}` : ''));
}

/**
 * Brings setup X to a steady state: A (process pA) alone, STABLE with all four tasks of "0".
 * Returns the group/assignment epoch reached.
 */
export function steadyX(h: Harness): number {
  const j = h.join('A', 'pA');
  if (j.error !== 'NONE') throw new Error(`join failed: ${j.error} ${j.message}`);
  const e = j.res.memberEpoch as number;
  return e;
}

/** Appends records to the partition as one batch and fails over, so a fresh coordinator loads them (a stipulated state). */
export function seed(h: Harness, records: CoordinatorRecord[]): void {
  h.broker.coordinator.log.append(records, h.broker.now);
  h.failover();
}

const tids = (t: Tasks) => ids(t).sort((a, b) => (a.subtopologyId < b.subtopologyId ? -1 : 1));

export function memberMetadata(groupId: string, memberId: string, processId: string, extra: Record<string, unknown> = {}): CoordinatorRecord {
  return {
    type: 'StreamsGroupMemberMetadata',
    key: { groupId, memberId },
    value: { instanceId: null, rackId: null, clientId: 'c', clientHost: '/127.0.0.1', rebalanceTimeoutMs: 300000, topologyEpoch: 0, processId, userEndpoint: null, clientTags: [], ...extra },
  };
}

export function targetMember(groupId: string, memberId: string, t: { active?: Tasks; standby?: Tasks; warmup?: Tasks }): CoordinatorRecord {
  return {
    type: 'StreamsGroupTargetAssignmentMember',
    key: { groupId, memberId },
    value: { activeTasks: tids(t.active ?? {}), standbyTasks: tids(t.standby ?? {}), warmupTasks: tids(t.warmup ?? {}) },
  };
}

export function current(
  groupId: string,
  memberId: string,
  epoch: number,
  previous: number,
  state: number,
  t: { active?: Tasks; standby?: Tasks },
  pending: { active?: Tasks; standby?: Tasks } = {},
): CoordinatorRecord {
  return {
    type: 'StreamsGroupCurrentMemberAssignment',
    key: { groupId, memberId },
    value: {
      memberEpoch: epoch,
      previousMemberEpoch: previous,
      state,
      activeTasks: tids(t.active ?? {}).map((x) => ({ ...x, assignmentEpochs: x.partitions.map(() => epoch) })),
      standbyTasks: tids(t.standby ?? {}),
      warmupTasks: [],
      activeTasksPendingRevocation: tids(pending.active ?? {}),
      standbyTasksPendingRevocation: tids(pending.standby ?? {}),
      warmupTasksPendingRevocation: [],
    },
  };
}

export function groupMetadata(groupId: string, epoch: number, metadataHash: Int64Json, standbys: number): CoordinatorRecord {
  return {
    type: 'StreamsGroupMetadata',
    key: { groupId },
    value: { epoch, metadataHash, validatedTopologyEpoch: 0, lastAssignmentConfigs: [{ key: 'num.standby.replicas', value: String(standbys) }] },
  };
}

export function targetMetadata(groupId: string, epoch: number, ts = 0): CoordinatorRecord {
  return { type: 'StreamsGroupTargetAssignmentMetadata', key: { groupId }, value: { assignmentEpoch: epoch, assignmentTimestamp: ts } };
}

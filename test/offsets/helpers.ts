// Helpers for the offset tests: an ak4 broker with a two-subtopology topology (a source topic and a
// repartition topic), raw heartbeats and commits, and the replay-equals-live check on the snapshot's hard state.
import { expect } from 'vitest';
import { Broker, type RpcOutcome } from '../../src/core/broker/broker.ts';
import { Config } from '../../src/core/config.ts';
import { Coordinator } from '../../src/core/coordinator/runtime.ts';
import { diffState, hardState } from '../../src/core/coordinator/snapshot.ts';
import { toTaskIds } from '../../src/core/model/tasks.ts';
import type { Edition } from '../../src/core/protocol/errors.ts';
import { editionNamed } from '../../src/core/editions/index.ts';

export const CLIENT = { clientId: 'client', clientHost: '/127.0.0.1' };
export const G = 'app';

export const TOPOLOGY = {
  epoch: 0,
  subtopologies: [
    { subtopologyId: '0', sourceTopics: ['orders'], sourceTopicRegex: [], stateChangelogTopics: [], repartitionSinkTopics: ['app-rep'], repartitionSourceTopics: [], copartitionGroups: [] },
    {
      subtopologyId: '1',
      sourceTopics: [],
      sourceTopicRegex: [],
      stateChangelogTopics: [],
      repartitionSinkTopics: [],
      repartitionSourceTopics: [{ name: 'app-rep', partitions: 2, replicationFactor: 0, topicConfigs: [] }],
      copartitionGroups: [],
    },
  ],
};

export function broker(config: Record<string, number | string> = {}, edition: Edition = 'ak4'): Broker {
  return new Broker(
    { edition: editionNamed(edition), variant: 'current', config: Config.from({ 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0, ...config }) },
    [
      ['orders', 2],
      ['app-rep', 2],
      ['other', 1],
    ],
  );
}

export function join(b: Broker, memberId: string): RpcOutcome {
  return b.send(
    'StreamsGroupHeartbeat',
    1,
    { groupId: G, memberId, memberEpoch: 0, rebalanceTimeoutMs: 300000, topology: TOPOLOGY, activeTasks: [], standbyTasks: [], warmupTasks: [], processId: `${memberId}-process` },
    CLIENT,
  );
}

/** A heartbeat reporting exactly what the member holds per the coordinator (a well-behaved client). */
export function hb(b: Broker, memberId: string): RpcOutcome {
  const m = b.coordinator.groups.get(G)!.members.get(memberId)!;
  const active = new Map([...m.assignedTasks.active].map(([s, ps]) => [s, new Set(ps.keys())]));
  return b.send('StreamsGroupHeartbeat', 1, { groupId: G, memberId, memberEpoch: m.memberEpoch, activeTasks: toTaskIds(active), standbyTasks: [], warmupTasks: [] }, CLIENT);
}

export function leave(b: Broker, memberId: string): RpcOutcome {
  return b.send('StreamsGroupHeartbeat', 1, { groupId: G, memberId, memberEpoch: -1 }, CLIENT);
}

export function commit(b: Broker, memberId: string, epoch: number, topics: Record<string, number[]>, version = 9, extra: Record<string, unknown> = {}): RpcOutcome {
  return b.send(
    'OffsetCommit',
    version,
    {
      groupId: G,
      memberId,
      generationIdOrMemberEpoch: epoch,
      topics: Object.entries(topics).map(([name, ps]) => ({ name, partitions: ps.map((p) => ({ partitionIndex: p, committedOffset: 42 })) })),
      ...extra,
    },
    CLIENT,
  );
}

/** Every partition's error code of an OffsetCommit response, as "topic-partition": code. */
export function codes(o: RpcOutcome): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of o.response.topics as { name: string; partitions: { partitionIndex: number; errorCode: number }[] }[])
    for (const p of t.partitions) out[`${t.name}-${p.partitionIndex}`] = p.errorCode;
  return out;
}

export function types(o: RpcOutcome | { batch: { records: readonly { type: string }[] } | null }): string[] {
  return (o.batch?.records ?? []).map((r) => r.type);
}

export function memberEpoch(b: Broker, memberId: string): number {
  return b.coordinator.groups.get(G)!.members.get(memberId)!.memberEpoch;
}

/** A coordinator that loads the log has the live coordinator's hard state (offsets included). */
export function expectReplayEqualsLive(b: Broker): void {
  const live = b.coordinator;
  const rebuilt = new Coordinator(live.options, live.log.clone(), live.now);
  expect(diffState(hardState(live.groups), hardState(rebuilt.groups))).toEqual([]);
}

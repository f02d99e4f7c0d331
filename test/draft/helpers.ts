// Helpers for the kip1071-draft tests: a broker, raw RPCs, and a replay-equals-live check.
import { expect } from 'vitest';
import { Broker, type RpcOutcome } from '../../src/core/broker/broker.ts';
import { Config } from '../../src/core/config.ts';
import { Coordinator } from '../../src/core/coordinator/runtime.ts';
import type { StreamsGroup } from '../../src/core/coordinator/group.ts';
import { toObject, withoutEpochs } from '../../src/core/model/tasks.ts';
import type { Subtopology } from '../../src/core/protocol/messages.ts';
import { KIP1071_DRAFT } from '../../src/core/editions/kip1071-draft/edition.ts';

export const CLIENT = { clientId: 'client', clientHost: 'localhost/127.0.0.1' };

export function draftBroker(topics: Record<string, number> = {}, config: Record<string, string | number> = {}): Broker {
  return new Broker({ edition: KIP1071_DRAFT, variant: 'current', config: Config.from(config) }, Object.entries(topics));
}

export function sub(id: string, sourceTopics: string[], extra: Partial<Subtopology> = {}): Subtopology {
  return { subtopologyId: id, sourceTopics, sourceTopicRegex: [], stateChangelogTopics: [], repartitionSinkTopics: [], repartitionSourceTopics: [], copartitionGroups: [], ...extra };
}

export function join(b: Broker, memberId: string, extra: Record<string, unknown> = {}, groupId = 'group-id'): RpcOutcome {
  return b.send(
    'StreamsGroupHeartbeat',
    0,
    { groupId, memberId, memberEpoch: 0, rebalanceTimeoutMs: 300000, topologyId: 'topology-id', processId: 'process-id', activeTasks: [], standbyTasks: [], warmupTasks: [], ...extra },
    CLIENT,
  );
}

export function hb(b: Broker, memberId: string, memberEpoch: number, extra: Record<string, unknown> = {}, groupId = 'group-id'): RpcOutcome {
  return b.send('StreamsGroupHeartbeat', 0, { groupId, memberId, memberEpoch, ...extra }, CLIENT);
}

export function init(b: Broker, topology: Subtopology[], topologyId = 'topology-id', groupId = 'group-id'): RpcOutcome {
  return b.send('StreamsGroupInitialize', 0, { groupId, topologyId, topology }, CLIENT);
}

export function types(o: RpcOutcome): string[] {
  return (o.batch?.records ?? []).map((r) => r.type);
}

/** Hard state of one group, comparable across live and replayed coordinators. */
export function hardState(g: StreamsGroup | undefined): unknown {
  if (!g) return null;
  return {
    state: g.state(),
    groupEpoch: g.groupEpoch,
    assignmentEpoch: g.assignmentEpoch,
    topologyId: g.topologyId,
    topology: g.topology,
    partitionMetadata: g.draft ? [...g.draft.partitionMetadata.entries()].map(([k, v]) => [k, v.topicId, v.numPartitions]) : null,
    members: [...g.members.values()]
      .sort((a, b) => (a.memberId < b.memberId ? -1 : 1))
      .map((m) => {
        const t = withoutEpochs(m.assignedTasks);
        return {
          ...m,
          assignedTasks: { active: toObject(t.active), standby: toObject(t.standby), warmup: toObject(t.warmup) },
          tasksPendingRevocation: { active: toObject(m.tasksPendingRevocation.active), standby: toObject(m.tasksPendingRevocation.standby), warmup: toObject(m.tasksPendingRevocation.warmup) },
        };
      }),
    target: [...g.targetAssignment.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, t]) => [id, toObject(t.active), toObject(t.standby), toObject(t.warmup)]),
    staticMembers: [...g.staticMembers.entries()].sort(),
  };
}

/** A coordinator rebuilt from the log has the same hard state as the live one. */
export function expectReplayEqualsLive(b: Broker): void {
  const live = b.coordinator;
  const rebuilt = new Coordinator(live.options, live.log.clone(), live.now);
  expect([...rebuilt.groups.keys()].sort()).toEqual([...live.groups.keys()].sort());
  for (const id of live.groups.keys()) expect(hardState(rebuilt.groups.get(id))).toEqual(hardState(live.groups.get(id)));
}

// A deterministic, plain snapshot of the coordinator's hard state (what the log must rebuild).
// Used to compare a live coordinator with one rebuilt by replay (the durability diff).
import { toObject, withoutEpochs, type TasksTuple } from '../model/tasks.ts';
import type { StreamsGroupMember } from '../model/member.ts';
import type { StreamsGroup } from './group.ts';
import type { Groups } from './replay.ts';
import { setOwn } from '../util/own.ts';

export type HardState = Record<string, unknown>;

function epochsObject(e: ReadonlyMap<string, ReadonlyMap<number, number>>): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const s of [...e.keys()].sort()) {
    const inner: Record<string, number> = {};
    for (const p of [...e.get(s)!.keys()].sort((a, b) => a - b)) inner[String(p)] = e.get(s)!.get(p)!;
    out[s] = inner;
  }
  return out;
}

/** A member's hard state, as the snapshot holds it. */
export function memberHardState(m: StreamsGroupMember): Record<string, unknown> {
  const t = withoutEpochs(m.assignedTasks);
  return {
    memberEpoch: m.memberEpoch,
    previousMemberEpoch: m.previousMemberEpoch,
    state: m.state,
    instanceId: m.instanceId,
    rackId: m.rackId,
    rebalanceTimeoutMs: m.rebalanceTimeoutMs,
    clientId: m.clientId,
    clientHost: m.clientHost,
    topologyEpoch: m.topologyEpoch,
    processId: m.processId,
    userEndpoint: m.userEndpoint,
    clientTags: m.clientTags,
    assigned: { active: toObject(t.active), activeEpochs: epochsObject(m.assignedTasks.active), standby: toObject(t.standby), warmup: toObject(t.warmup) },
    pendingRevocation: { active: toObject(m.tasksPendingRevocation.active), standby: toObject(m.tasksPendingRevocation.standby), warmup: toObject(m.tasksPendingRevocation.warmup) },
  };
}

/** A member's target, as the snapshot holds it. */
export function targetHardState(t: TasksTuple): Record<string, unknown> {
  return { active: toObject(t.active), standby: toObject(t.standby), warmup: toObject(t.warmup) };
}

/** A group's fields other than its members and targets, as the snapshot holds them. */
export function groupScalars(g: StreamsGroup): Record<string, unknown> {
  return {
    // [4.1] a state resting on the configured topology, which only memory holds, is not the log's to rebuild (readinessFromConfiguredTopology)
    ...(g.readinessFromConfiguredTopology ? {} : { state: g.state() }),
    groupEpoch: g.groupEpoch,
    metadataHash: g.metadataHash,
    validatedTopologyEpoch: g.validatedTopologyEpoch,
    lastAssignmentConfigs: g.lastAssignmentConfigs,
    topology: g.topology,
    topologyId: g.topologyId,
    assignmentEpoch: g.assignmentEpoch,
    assignmentTimestamp: g.assignmentTimestamp,
    staticMembers: Object.fromEntries([...g.staticMembers].sort(([a], [b]) => (a < b ? -1 : 1))),
    offsets: g.offsets.toObject(),
  };
}

export function hardState(groups: Groups): HardState {
  const out: HardState = {};
  for (const id of [...groups.keys()].sort()) {
    const g = groups.get(id)!;
    const members: Record<string, unknown> = {};
    for (const mid of [...g.members.keys()].sort()) setOwn(members, mid, memberHardState(g.members.get(mid)!));
    const target: Record<string, unknown> = {};
    for (const mid of [...g.targetAssignment.keys()].sort()) setOwn(target, mid, targetHardState(g.targetAssignment.get(mid)!));
    const { staticMembers, offsets, ...scalars } = groupScalars(g);
    setOwn(out, id, { ...scalars, members, targetAssignment: target, staticMembers, offsets });
  }
  return out;
}

/** Paths where two snapshots differ, e.g. `app.members.b.pendingRevocation.active` (empty when equal). */
export function diffState(live: unknown, replayed: unknown, path = ''): { path: string; live: unknown; replayed: unknown }[] {
  if (JSON.stringify(live) === JSON.stringify(replayed)) return [];
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObj(live) || !isObj(replayed)) return [{ path: path || '$', live, replayed }];
  const keys = [...new Set([...Object.keys(live), ...Object.keys(replayed)])].sort();
  return keys.flatMap((k) => diffState(live[k], replayed[k], path ? `${path}.${k}` : k));
}

// A deterministic, plain snapshot of the coordinator's hard state (what the log must rebuild).
// Used to compare a live coordinator with one rebuilt by replay (the durability diff).
import { toObject, withoutEpochs } from '../model/tasks.ts';
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

export function hardState(groups: Groups): HardState {
  const out: HardState = {};
  for (const id of [...groups.keys()].sort()) {
    const g = groups.get(id)!;
    const members: Record<string, unknown> = {};
    for (const mid of [...g.members.keys()].sort()) {
      const m = g.members.get(mid)!;
      const t = withoutEpochs(m.assignedTasks);
      setOwn(members, mid, {
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
      });
    }
    const target: Record<string, unknown> = {};
    for (const mid of [...g.targetAssignment.keys()].sort()) {
      const t = g.targetAssignment.get(mid)!;
      setOwn(target, mid, { active: toObject(t.active), standby: toObject(t.standby), warmup: toObject(t.warmup) });
    }
    setOwn(out, id, {
      state: g.state(),
      groupEpoch: g.groupEpoch,
      metadataHash: g.metadataHash,
      validatedTopologyEpoch: g.validatedTopologyEpoch,
      lastAssignmentConfigs: g.lastAssignmentConfigs,
      topology: g.topology,
      topologyId: g.topologyId,
      assignmentEpoch: g.assignmentEpoch,
      assignmentTimestamp: g.assignmentTimestamp,
      members,
      targetAssignment: target,
      staticMembers: Object.fromEntries([...g.staticMembers].sort(([a], [b]) => (a < b ? -1 : 1))),
      offsets: g.offsets.toObject(),
    });
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

// Builders shared by the assignor tests and benchmark.

import { taskSet, toObject, type TaskSet } from '../../src/core/model/tasks.ts';
import type { AssignmentMemberSpec, GroupAssignment, GroupSpec, TopologyDescriber } from '../../src/core/assignor/types.ts';

export interface MemberInit {
  process: string;
  active?: Record<string, number[]>;
  standby?: Record<string, number[]>;
  warmup?: Record<string, number[]>;
  tags?: Record<string, string>;
  offsets?: Record<string, Record<number, number>>;
}

export function member(init: MemberInit): AssignmentMemberSpec {
  const offsets = new Map<string, Map<number, number>>();
  for (const [s, ps] of Object.entries(init.offsets ?? {})) {
    offsets.set(s, new Map(Object.entries(ps).map(([p, o]) => [Number(p), o])));
  }
  return {
    instanceId: null,
    rackId: null,
    activeTasks: taskSet(init.active ?? {}),
    standbyTasks: taskSet(init.standby ?? {}),
    warmupTasks: taskSet(init.warmup ?? {}),
    processId: init.process,
    clientTags: new Map(Object.entries(init.tags ?? {})),
    taskOffsets: offsets,
    taskEndOffsets: new Map(),
  };
}

export function group(members: Record<string, MemberInit> | [string, MemberInit][], configs: Record<string, string> = {}): GroupSpec {
  const entries = Array.isArray(members) ? members : Object.entries(members);
  return {
    members: new Map(entries.map(([id, m]) => [id, member(m)])),
    assignmentConfigs: new Map(Object.entries(configs)),
  };
}

/** `{ "0": 3 }` → subtopology "0" with 3 tasks; `stateful` lists the stateful ones (default: all). */
export function topology(partitions: Record<string, number>, stateful?: string[]): TopologyDescriber {
  const ids = Object.keys(partitions).sort();
  return {
    subtopologies: () => [...ids],
    maxNumInputPartitions: (s) => partitions[s] ?? -1,
    isStateful: (s) => (stateful ? stateful.includes(s) : true),
  };
}

export interface Plain {
  active: Record<string, number[]>;
  standby: Record<string, number[]>;
}

export function plain(result: GroupAssignment): Record<string, Plain> {
  const out: Record<string, Plain> = {};
  for (const [id, a] of result.members) out[id] = { active: toObject(a.activeTasks), standby: toObject(a.standbyTasks) };
  return out;
}

export function count(a: TaskSet): number {
  let n = 0;
  for (const ps of a.values()) n += ps.size;
  return n;
}

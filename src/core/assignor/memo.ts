// A memo over a pure assignor: the same group spec and topology give the very same assignment object.
// Exploration recomputes the same assignment thousands of times from different states (97% repeats on the
// three-member benchmark). The key is exact: every input the assignor reads, in the order it iterates them.

import type { GroupAssignment, GroupSpec, TaskAssignor, TopologyDescriber } from './types.ts';
import { slot } from '../util/slot.ts';

/** Bounds the memory a long exploration spends on the memo; past it the memo starts over. */
const MAX_ENTRIES = 100_000;

/** Text of a map whose values are sets, maps or strings, in iteration order (cached per immutable object). */
const mapText = slot<string>();

function text(m: ReadonlyMap<string, ReadonlySet<number> | ReadonlyMap<number, number> | string>): string {
  if (m.size === 0) return '';
  let s = mapText.get(m);
  if (s !== undefined) return s;
  s = '';
  for (const [k, v] of m) {
    s += str(k);
    if (typeof v === 'string') s += str(v);
    else if (v instanceof Set) for (const p of v) s += `${p},`;
    else for (const [p, x] of v as ReadonlyMap<number, number>) s += `${p}=${x},`;
    s += ';';
  }
  mapText.set(m, s);
  return s;
}

export class MemoizedAssignor implements TaskAssignor {
  private readonly memo = new Map<string, GroupAssignment>();

  /** `inner` must be pure: no side effects (a hit does not call it), the same inputs give equal outputs. */
  constructor(readonly inner: TaskAssignor) {}

  get name(): string {
    return this.inner.name;
  }

  assign(groupSpec: GroupSpec, topology: TopologyDescriber): GroupAssignment {
    const key = keyOf(groupSpec, topology);
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    // a throwing assignor is not memoized: the next call throws again
    const result = this.inner.assign(groupSpec, topology);
    if (this.memo.size >= MAX_ENTRIES) this.memo.clear();
    this.memo.set(key, result);
    return result;
  }
}

/** A string with its length in front: no id or value can imitate a separator. */
function str(s: string | null): string {
  return s === null ? '-' : `${s.length}#${s}`;
}

/** Text of what the assignor reads of a topology (cached per describer: describers are remembered per configured topology). */
const topologyText = slot<string>();

function describe(topology: TopologyDescriber): string {
  let s = topologyText.get(topology);
  if (s === undefined) {
    s = '';
    for (const id of topology.subtopologies()) s += `${str(id)}${topology.maxNumInputPartitions(id)}:${topology.isStateful(id) ? 1 : 0};`;
    topologyText.set(topology, s);
  }
  return s;
}

function keyOf(spec: GroupSpec, topology: TopologyDescriber): string {
  let key = `${text(spec.assignmentConfigs)}|${describe(topology)}`;
  for (const [id, m] of spec.members) {
    key += `|${str(id)}${str(m.instanceId)}${str(m.rackId)}${str(m.processId)}`;
    key += `${text(m.activeTasks)}/${text(m.standbyTasks)}/${text(m.warmupTasks)}/${text(m.clientTags)}/${text(m.taskOffsets)}/${text(m.taskEndOffsets)}`;
  }
  return key;
}

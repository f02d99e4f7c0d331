// Dense integer ids for the tasks of a topology, and the task orders the sticky assignor sorts by.

import type { TaskSet } from '../model/tasks.ts';
import type { TopologyDescriber } from './types.ts';
import { slot } from '../util/slot.ts';

export class TaskIndex {
  /** Subtopology ids in the describer's order. */
  readonly subtopologyIds: readonly string[];
  readonly subtopologyIndex: ReadonlyMap<string, number>;
  /** First task id of each subtopology, and its task count (negative counts hold no tasks). */
  readonly base: Int32Array;
  readonly count: Int32Array;
  readonly stateful: Uint8Array;
  readonly numTasks: number;
  readonly taskSubtopology: Int32Array;
  readonly taskPartition: Int32Array;
  /** Sum of maxNumInputPartitions, negative values included (Java sums them as reported). */
  readonly reportedTasks: number;
  readonly reportedStatefulTasks: number;
  /** All task ids sorted by (subtopologyId, partition) and by (partition, subtopologyId). */
  readonly bySubtopologyThenPartition: Int32Array;
  readonly byPartitionThenSubtopology: Int32Array;

  constructor(topology: TopologyDescriber) {
    const ids = topology.subtopologies();
    this.subtopologyIds = ids;
    const n = ids.length;
    this.base = new Int32Array(n);
    this.count = new Int32Array(n);
    this.stateful = new Uint8Array(n);
    const index = new Map<string, number>();
    let total = 0;
    let reported = 0;
    let reportedStateful = 0;
    for (let i = 0; i < n; i++) {
      const s = ids[i]!;
      if (!index.has(s)) index.set(s, i);
      const c = topology.maxNumInputPartitions(s);
      const st = topology.isStateful(s);
      this.base[i] = total;
      this.count[i] = Math.max(0, c);
      this.stateful[i] = st ? 1 : 0;
      total += Math.max(0, c);
      reported += c;
      if (st) reportedStateful += c;
    }
    this.subtopologyIndex = index;
    this.numTasks = total;
    this.reportedTasks = reported;
    this.reportedStatefulTasks = reportedStateful;
    this.taskSubtopology = new Int32Array(total);
    this.taskPartition = new Int32Array(total);
    let maxCount = 0;
    for (let i = 0; i < n; i++) {
      const c = this.count[i]!;
      if (c > maxCount) maxCount = c;
      for (let p = 0; p < c; p++) {
        this.taskSubtopology[this.base[i]! + p] = i;
        this.taskPartition[this.base[i]! + p] = p;
      }
    }
    // String.compareTo and JS string comparison both compare UTF-16 code units.
    const sorted = [...Array(n).keys()].sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : a - b));
    this.bySubtopologyThenPartition = new Int32Array(total);
    let k = 0;
    for (const i of sorted) for (let p = 0; p < this.count[i]!; p++) this.bySubtopologyThenPartition[k++] = this.base[i]! + p;
    this.byPartitionThenSubtopology = new Int32Array(total);
    k = 0;
    for (let p = 0; p < maxCount; p++) {
      for (const i of sorted) if (p < this.count[i]!) this.byPartitionThenSubtopology[k++] = this.base[i]! + p;
    }
  }

  /** Task id of (subtopologyId, partition), or -1 if the topology has no such task. */
  id(subtopologyId: string, partition: number): number {
    const i = this.subtopologyIndex.get(subtopologyId);
    if (i === undefined || !Number.isInteger(partition) || partition < 0 || partition >= this.count[i]!) return -1;
    return this.base[i]! + partition;
  }

  /** The task set holding just `task`: one per task, shared by every assignment that gives a member only that task. */
  singleTaskSet(task: number): TaskSet {
    const sets = (this.singleTaskSets ??= new Array<TaskSet | undefined>(this.numTasks));
    return (sets[task] ??= new Map([[this.subtopologyIds[this.taskSubtopology[task]!]!, new Set([this.taskPartition[task]!])]]));
  }

  private singleTaskSets: (TaskSet | undefined)[] | undefined;

  isStateful(task: number): boolean {
    return this.stateful[this.taskSubtopology[task]!] === 1;
  }
}

const indexes = slot<TaskIndex>();

/** The task index of a describer, kept on it (a describer answers the same all its life: see TopologyDescriber). */
export function taskIndexOf(topology: TopologyDescriber): TaskIndex {
  return indexes.get(topology) ?? indexes.set(topology, new TaskIndex(topology));
}

// Working state of one shipped sticky-assignor run: members, processes (ProcessState) and task holders, in arrays.

import { cachedStringHashCode, hashMapOrder, PriorityQueue } from '../util/java.ts';
import type { Arena } from './arena.ts';
import { processOrder, processOrderByPut } from './process-order.ts';
import type { FlavourRules } from './flavours.ts';
import { collectPrevious } from './previous.ts';
import type { TaskIndex } from './task-index.ts';
import type { AssignmentMemberSpec, GroupSpec } from './types.ts';

const EMPTY_TAGS: ReadonlyMap<string, string> = new Map();

export function compareDoubles(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class AssignmentState {
  readonly memberIds: string[];
  readonly memberProcess: Int32Array;
  /** ProcessState.memberToTaskCounts: active + standby tasks given to the member in this run. */
  readonly memberTaskCount: Int32Array;

  /** Processes in `processIdToState` (HashMap, initial capacity = number of members) iteration order. */
  readonly processIds: string[];
  /**
   * Members of each process in `memberToTaskCounts` (HashMap, default capacity) iteration order: process p's are
   * processMemberList[processMemberStart[p] .. processMemberStart[p + 1]).
   */
  readonly processMemberStart: Int32Array;
  readonly processMemberList: Int32Array;
  private readonly specs: readonly AssignmentMemberSpec[];
  /** processIdToClientTags, built on first use (only rack-aware standby placement reads it). */
  private clientTagsOfProcess: ReadonlyMap<string, string>[] | null = null;
  readonly capacity: Int32Array;
  readonly taskCount: Int32Array;
  readonly statelessActiveCount: Int32Array;
  readonly load: Float64Array;
  readonly statelessActiveLoad: Float64Array;
  /** ProcessState.membersByLoad: built lazily, dropped when a task goes to a named member. */
  private readonly memberHeaps: (PriorityQueue<number> | null)[] | null;
  private readonly byMemberLoad: (a: number, b: number) => number;

  /** Members holding each task in any role, in grant order (ProcessState.assignedTasks, stored per task). */
  readonly holders: Int32Array;
  readonly holderCount: Int32Array;
  readonly stride: number;
  /** The member holding each task as active (-1: none yet). */
  readonly activeOwner: Int32Array;

  /** activeTaskToPrevMember (-1: none); standbyTaskToPrevMember as ranked member lists. */
  readonly prevActiveMember: Int32Array;
  readonly prevStandbyStart: Int32Array;
  readonly prevStandbyList: Int32Array;

  constructor(
    readonly tasks: TaskIndex,
    groupSpec: GroupSpec,
    readonly numStandbyReplicas: number,
    rules: FlavourRules,
    /** Where the run's arrays come from (valid for this run only). */
    readonly arena: Arena,
  ) {
    // (spreading a map's keys and values is a builtin's copy: faster than one callback per member)
    const memberIds = [...groupSpec.members.keys()];
    const specs = [...groupSpec.members.values()];
    const numMembers = specs.length;
    const processIdOfMember = new Array<string>(numMembers);
    for (let m = 0; m < numMembers; m++) processIdOfMember[m] = specs[m]!.processId;
    this.memberIds = memberIds;
    this.memberTaskCount = arena.int32(numMembers);

    // Processes in the order Java's HashMap iterates them: `new HashMap<>(numMembers)` filled with computeIfAbsent
    // while iterating the members (StickyTaskAssignor.initialize); [4.2]/[4.3] with putIfAbsent (processMapByPut)
    const order = rules.processMapByPut ? processOrderByPut(processIdOfMember, arena) : processOrder(processIdOfMember, arena);
    this.processIds = order.processIds;
    const memberProcess = (this.memberProcess = order.memberProcess);
    const numProcesses = this.processIds.length;
    this.specs = specs;
    // members per process (the capacity), then each process's members in insertion order
    const capacity = (this.capacity = arena.int32(numProcesses));
    const start = (this.processMemberStart = arena.int32(numProcesses + 1));
    const list = (this.processMemberList = arena.int32(numMembers));
    if (numProcesses === numMembers) {
      // one member per process (Kafka's benchmark shape): process p's one member is the m with memberProcess[m] = p
      capacity.fill(1);
      for (let p = 0; p <= numProcesses; p++) start[p] = p;
      for (let m = 0; m < numMembers; m++) list[memberProcess[m]!] = m;
    } else {
      for (let m = 0; m < numMembers; m++) capacity[memberProcess[m]!]!++;
      for (let p = 0; p < numProcesses; p++) start[p + 1] = start[p]! + capacity[p]!;
      const fill = arena.int32(numProcesses);
      fill.set(start.subarray(0, numProcesses));
      for (let m = 0; m < numMembers; m++) list[fill[memberProcess[m]!]!++] = m;
      for (let p = 0; p < numProcesses; p++) {
        const from = start[p]!;
        const to = start[p + 1]!;
        if (to - from <= 1) continue;
        const ordered = hashMapOrder(Array.from(list.subarray(from, to)), (m) => cachedStringHashCode(memberIds[m]!));
        list.set(ordered, from);
      }
    }
    this.taskCount = arena.int32(numProcesses);
    this.statelessActiveCount = arena.int32(numProcesses);
    this.load = arena.float64(numProcesses);
    this.statelessActiveLoad = arena.float64(numProcesses);
    // (only processes of several members have one: none at all when every process has one member)
    this.memberHeaps = numProcesses < numMembers ? new Array<PriorityQueue<number> | null>(numProcesses).fill(null) : null;
    const counts = this.memberTaskCount;
    this.byMemberLoad = (a, b) => {
      const x = counts[a]!;
      const y = counts[b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    };

    const numTasks = tasks.numTasks;
    this.stride = Math.max(1, numStandbyReplicas + 1);
    this.holders = arena.int32(numTasks * this.stride);
    this.holderCount = arena.int32(numTasks);
    this.activeOwner = arena.int32(numTasks, -1);

    const previous = collectPrevious(tasks, specs, rules, arena);
    this.prevActiveMember = previous.prevActiveMember;
    this.prevStandbyStart = previous.prevStandbyStart;
    this.prevStandbyList = previous.prevStandbyList;
  }

  /** standbyTaskToPrevMember[t] as a slice [prevStandbyStart[t], prevStandbyStart[t + 1]) of prevStandbyList. */
  prevStandbyFrom(t: number): number {
    return this.prevStandbyStart[t]!;
  }

  prevStandbyTo(t: number): number {
    return this.prevStandbyStart[t + 1]!;
  }

  get numProcesses(): number {
    return this.processIds.length;
  }

  /** processIdToClientTags: the tags of the process's first member (in the group spec's order). */
  processClientTags(process: number): ReadonlyMap<string, string> {
    if (this.clientTagsOfProcess === null) {
      const tags = new Array<ReadonlyMap<string, string> | undefined>(this.numProcesses);
      for (let m = 0; m < this.specs.length; m++) tags[this.memberProcess[m]!] ??= this.specs[m]!.clientTags;
      this.clientTagsOfProcess = tags.map((t) => t ?? EMPTY_TAGS);
    }
    return this.clientTagsOfProcess[process]!;
  }

  /** ProcessState.hasTask. */
  hasTask(process: number, task: number): boolean {
    const base = task * this.stride;
    const n = this.holderCount[task]!;
    for (let i = 0; i < n; i++) if (this.memberProcess[this.holders[base + i]!] === process) return true;
    return false;
  }

  /** ProcessState.addTaskInternal; returns the member's new task count. */
  private addTaskInternal(member: number, task: number, isActive: boolean, stateful: boolean): number {
    const p = this.memberProcess[member]!;
    const tc = ++this.taskCount[p]!;
    // callers never give a task to a process that holds it (hasTask checks), so holders stay within the stride
    this.holders[task * this.stride + this.holderCount[task]!++] = member;
    if (isActive) {
      this.activeOwner[task] = member;
      if (!stateful) this.statelessActiveLoad[p] = ++this.statelessActiveCount[p]! / this.capacity[p]!;
    }
    this.load[p] = tc / this.capacity[p]!;
    return ++this.memberTaskCount[member]!;
  }

  /** ProcessState.addTask: to a named member; drops the process's member heap. */
  addTask(member: number, task: number, isActive: boolean, stateful: boolean): number {
    const n = this.addTaskInternal(member, task, isActive, stateful);
    if (this.memberHeaps !== null) this.memberHeaps[this.memberProcess[member]!] = null;
    return n;
  }

  /** ProcessState.addTaskToLeastLoadedMember; -1 if the process has no member. */
  addTaskToLeastLoadedMember(process: number, task: number, isActive: boolean, stateful: boolean): number {
    const from = this.processMemberStart[process]!;
    const to = this.processMemberStart[process + 1]!;
    if (to === from) return -1;
    if (to - from === 1) return this.addTaskInternal(this.processMemberList[from]!, task, isActive, stateful);
    const heaps = this.memberHeaps!;
    let heap = heaps[process];
    if (!heap) {
      heap = new PriorityQueue<number>(this.byMemberLoad);
      for (let i = from; i < to; i++) heap.offer(this.processMemberList[i]!);
      heaps[process] = heap;
    }
    const member = heap.poll()!;
    const n = this.addTaskInternal(member, task, isActive, stateful);
    heap.offer(member);
    return n;
  }

  /** hasRoom: some member of the process is below `quota`. */
  hasRoom(process: number, quota: number): boolean {
    const list = this.processMemberList;
    for (let i = this.processMemberStart[process]!, to = this.processMemberStart[process + 1]!; i < to; i++) if (this.memberTaskCount[list[i]!]! < quota) return true;
    return false;
  }
}

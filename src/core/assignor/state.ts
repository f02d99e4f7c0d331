// Working state of one shipped sticky-assignor run: members, processes (ProcessState) and task holders, in arrays.

import { hashMapOrder, hashMapOrderByComputeIfAbsent, PriorityQueue, stringHashCode } from '../util/java.ts';
import type { FlavourRules } from './flavours.ts';
import { collectPrevious } from './previous.ts';
import type { TaskIndex } from './task-index.ts';
import type { GroupSpec } from './types.ts';

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
  /** Members of each process in `memberToTaskCounts` (HashMap, default capacity) iteration order. */
  readonly processMembers: number[][];
  /** processIdToClientTags: the tags of the process's first member. */
  readonly processClientTags: ReadonlyMap<string, string>[];
  readonly capacity: Int32Array;
  readonly taskCount: Int32Array;
  readonly statelessActiveCount: Int32Array;
  readonly load: Float64Array;
  readonly statelessActiveLoad: Float64Array;
  /** ProcessState.membersByLoad: built lazily, dropped when a task goes to a named member. */
  private readonly memberHeaps: (PriorityQueue<number> | null)[];
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
  ) {
    const specs = [...groupSpec.members.values()];
    this.memberIds = [...groupSpec.members.keys()];
    const numMembers = this.memberIds.length;
    this.memberProcess = new Int32Array(numMembers);
    this.memberTaskCount = new Int32Array(numMembers);

    // Processes in insertion order, then reordered as Java's HashMap iterates them: `new HashMap<>(numMembers)` filled
    // with computeIfAbsent while iterating the members (StickyTaskAssignor.initialize).
    this.processIds = hashMapOrderByComputeIfAbsent(
      specs.map((spec) => spec.processId),
      stringHashCode,
      numMembers,
    );
    const processIndex = new Map<string, number>();
    this.processIds.forEach((id, i) => processIndex.set(id, i));
    const numProcesses = this.processIds.length;
    const membersInsertion: number[][] = this.processIds.map(() => []);
    this.processClientTags = this.processIds.map(() => EMPTY_TAGS);
    const tagsSet = new Uint8Array(numProcesses);
    this.capacity = new Int32Array(numProcesses);
    for (let m = 0; m < numMembers; m++) {
      const spec = specs[m]!;
      const p = processIndex.get(spec.processId)!;
      this.memberProcess[m] = p;
      membersInsertion[p]!.push(m);
      this.capacity[p]!++;
      if (tagsSet[p] === 0) {
        tagsSet[p] = 1;
        this.processClientTags[p] = spec.clientTags;
      }
    }
    const ids = this.memberIds;
    this.processMembers = membersInsertion.map((ms) => (ms.length <= 1 ? ms : hashMapOrder(ms, (m) => stringHashCode(ids[m]!))));
    this.taskCount = new Int32Array(numProcesses);
    this.statelessActiveCount = new Int32Array(numProcesses);
    this.load = new Float64Array(numProcesses);
    this.statelessActiveLoad = new Float64Array(numProcesses);
    this.memberHeaps = new Array<PriorityQueue<number> | null>(numProcesses).fill(null);
    const counts = this.memberTaskCount;
    this.byMemberLoad = (a, b) => {
      const x = counts[a]!;
      const y = counts[b]!;
      return x < y ? -1 : x > y ? 1 : 0;
    };

    const numTasks = tasks.numTasks;
    this.stride = Math.max(1, numStandbyReplicas + 1);
    this.holders = new Int32Array(numTasks * this.stride);
    this.holderCount = new Int32Array(numTasks);
    this.activeOwner = new Int32Array(numTasks).fill(-1);

    const previous = collectPrevious(tasks, specs, rules);
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
    this.memberHeaps[this.memberProcess[member]!] = null;
    return n;
  }

  /** ProcessState.addTaskToLeastLoadedMember; -1 if the process has no member. */
  addTaskToLeastLoadedMember(process: number, task: number, isActive: boolean, stateful: boolean): number {
    const members = this.processMembers[process]!;
    if (members.length === 0) return -1;
    if (members.length === 1) return this.addTaskInternal(members[0]!, task, isActive, stateful);
    let heap = this.memberHeaps[process];
    if (!heap) {
      heap = new PriorityQueue<number>(this.byMemberLoad);
      heap.addAll(members);
      this.memberHeaps[process] = heap;
    }
    const member = heap.poll()!;
    const n = this.addTaskInternal(member, task, isActive, stateful);
    heap.offer(member);
    return n;
  }

  /** hasRoom: some member of the process is below `quota`. */
  hasRoom(process: number, quota: number): boolean {
    for (const m of this.processMembers[process]!) if (this.memberTaskCount[m]! < quota) return true;
    return false;
  }
}

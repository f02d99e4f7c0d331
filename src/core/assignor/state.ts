// Working state of one shipped sticky-assignor run: members, processes (ProcessState) and task holders, in arrays.

import { hashMapOrder, PriorityQueue, stringHashCode, tableSizeFor } from '../util/java.ts';
import type { FlavourRules } from './flavours.ts';
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
  readonly memberActive: number[][];
  readonly memberStandby: number[][];

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

  /** Processes holding each task in any role (ProcessState.assignedTasks, stored per task). */
  private readonly holders: Int32Array;
  private readonly holderCount: Int32Array;
  private readonly stride: number;

  /** activeTaskToPrevMember (-1: none); standbyTaskToPrevMember as ranked member lists. */
  readonly prevActiveMember: Int32Array;
  readonly prevStandbyMembers: (number[] | undefined)[];

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
    this.memberActive = [];
    this.memberStandby = [];

    // Processes in insertion order, then reordered as Java's HashMap iterates them.
    const firstSeen = new Map<string, number>();
    const insertion: string[] = [];
    for (const spec of specs) {
      if (!firstSeen.has(spec.processId)) {
        firstSeen.set(spec.processId, insertion.length);
        insertion.push(spec.processId);
      }
    }
    this.processIds = hashMapOrder(insertion, stringHashCode, tableSizeFor(numMembers));
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
      this.memberActive.push([]);
      this.memberStandby.push([]);
    }
    const ids = this.memberIds;
    this.processMembers = membersInsertion.map((ms) =>
      ms.length <= 1 ? ms : hashMapOrder(ms, (m) => stringHashCode(ids[m]!)),
    );
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

    this.prevActiveMember = new Int32Array(numTasks).fill(-1);
    this.prevStandbyMembers = new Array<number[] | undefined>(numTasks);
    this.collectPrevious(specs, rules);
  }

  /** activeTaskToPrevMember (a later member wins) and ranked standby candidates ([4.4] collectStandbyCandidates). */
  private collectPrevious(specs: readonly AssignmentMemberSpec[], rules: FlavourRules): void {
    const tasks = this.tasks;
    type Candidate = { member: number; rank: number; offsetSum: number };
    const candidates: (Candidate[] | undefined)[] = new Array<Candidate[] | undefined>(tasks.numTasks);
    let anyCandidate = false;
    const add = (t: number, c: Candidate) => {
      anyCandidate = true;
      const list = candidates[t];
      if (list) list.push(c);
      else candidates[t] = [c];
    };
    for (let m = 0; m < specs.length; m++) {
      const spec = specs[m]!;
      for (const [s, ps] of spec.activeTasks) {
        for (const p of ps) {
          const t = tasks.id(s, p);
          if (t >= 0) this.prevActiveMember[t] = m;
        }
      }
      const offsetOf = (s: string, p: number) => (rules.offsetRankedStandbyCandidates ? (spec.taskOffsets.get(s)?.get(p) ?? 0) : 0);
      for (const [s, ps] of spec.standbyTasks) {
        for (const p of ps) {
          const t = tasks.id(s, p);
          if (t >= 0) add(t, { member: m, rank: 0, offsetSum: offsetOf(s, p) });
        }
      }
      if (rules.warmupsAreStandbyCandidates) {
        for (const [s, ps] of spec.warmupTasks) {
          for (const p of ps) {
            const t = tasks.id(s, p);
            if (t >= 0) add(t, { member: m, rank: 0, offsetSum: offsetOf(s, p) });
          }
        }
      }
      if (rules.offsetRankedStandbyCandidates) {
        for (const [s, offsets] of spec.taskOffsets) {
          for (const [p, offsetSum] of offsets) {
            // A task held as standby (or [4.4] warm-up) is already a rank-0 candidate.
            if (spec.standbyTasks.get(s)?.has(p)) continue;
            if (rules.warmupsAreStandbyCandidates && spec.warmupTasks.get(s)?.has(p)) continue;
            const t = tasks.id(s, p);
            if (t >= 0) add(t, { member: m, rank: 1, offsetSum });
          }
        }
      }
    }
    if (!anyCandidate) return;
    for (let t = 0; t < candidates.length; t++) {
      const list = candidates[t];
      if (!list) continue;
      // STANDBY_CANDIDATE_ORDER: rank ascending, offset sum descending; List.sort is stable.
      if (list.length > 1) list.sort((a, b) => a.rank - b.rank || compareDoubles(b.offsetSum, a.offsetSum));
      this.prevStandbyMembers[t] = list.map((c) => c.member);
    }
  }

  get numProcesses(): number {
    return this.processIds.length;
  }

  /** ProcessState.hasTask. */
  hasTask(process: number, task: number): boolean {
    const base = task * this.stride;
    const n = this.holderCount[task]!;
    for (let i = 0; i < n; i++) if (this.holders[base + i] === process) return true;
    return false;
  }

  /** ProcessState.addTaskInternal; returns the member's new task count. */
  private addTaskInternal(member: number, task: number, isActive: boolean, stateful: boolean): number {
    const p = this.memberProcess[member]!;
    const tc = ++this.taskCount[p]!;
    if (!this.hasTask(p, task)) this.holders[task * this.stride + this.holderCount[task]!++] = p;
    if (isActive) {
      this.memberActive[member]!.push(task);
      if (!stateful) this.statelessActiveLoad[p] = ++this.statelessActiveCount[p]! / this.capacity[p]!;
    } else {
      this.memberStandby[member]!.push(task);
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

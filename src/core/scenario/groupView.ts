// The group as a trace step shows it (TraceGroupView), made at the cost of what the step changed.
//
// A run keeps one view per step. Members are immutable values, so a member's view is reused while the member, its
// target and its alias are the same; a step's `members` table is built only when something reads it, from the
// member views the steps changed (each step keeps its changes and the previous step's table).
import type { StreamsGroup } from '../coordinator/group.ts';
import { GROUP_STATE_NAMES } from '../coordinator/group.ts';
import { toObject, withoutEpochs, type TasksTuple } from '../model/tasks.ts';
import { isReady } from '../model/topology.ts';
import { setOwn } from '../util/own.ts';
import type { TraceGroupView, TraceMemberView } from './types.ts';

type AliasOf = (memberId: string) => string | null;
/** The problem configuring the group's topology against the cluster's topics finds now (null: none, or no topology). */
export type ProblemNow = (g: StreamsGroup) => { statusCode: number; detail: string } | null;

function tuple(t: TasksTuple) {
  return { active: toObject(t.active), standby: toObject(t.standby), warmup: toObject(t.warmup) };
}

/** A member's view, reused while the member, its target and its alias are the same values (members are immutable). */
const memberViews = new WeakMap<object, { target: TasksTuple | undefined; alias: string | null; view: TraceMemberView }>();

function memberView(g: StreamsGroup, id: string, aliasOf: AliasOf): TraceMemberView {
  const m = g.members.get(id)!;
  const target = g.targetAssignment.get(id);
  const alias = aliasOf(id);
  const seen = memberViews.get(m);
  if (seen && seen.target === target && seen.alias === alias) return seen.view;
  const view = {
    memberId: id,
    alias,
    instanceId: m.instanceId,
    processId: m.processId,
    memberEpoch: m.memberEpoch,
    previousMemberEpoch: m.previousMemberEpoch,
    state: m.state,
    topologyEpoch: m.topologyEpoch,
    assigned: tuple(withoutEpochs(m.assignedTasks)),
    pendingRevocation: tuple(m.tasksPendingRevocation),
    target: target ? tuple(target) : null,
  };
  memberViews.set(m, { target, alias, view });
  return view;
}

/** member id -> view, in member-id order. */
function table(views: ReadonlyMap<string, TraceMemberView>): TraceGroupView['members'] {
  const members: TraceGroupView['members'] = {};
  for (const id of [...views.keys()].sort()) setOwn(members, id, views.get(id)!);
  return members;
}

/** The view with `members` filled in by `members()`, the group's other fields read now. */
function viewOf(g: StreamsGroup, members: () => TraceGroupView['members'], problemNow: ProblemNow | undefined): TraceGroupView {
  const internalTopics: Record<string, number> = {};
  const ct = g.configuredTopology;
  if (ct?.subtopologies) {
    for (const s of ct.subtopologies) {
      for (const [n, p] of s.repartitionSourceTopics) internalTopics[n] = p;
      for (const [n, p] of s.stateChangelogTopics) internalTopics[n] = p;
    }
  }
  const view = {
    groupId: g.groupId,
    state: GROUP_STATE_NAMES[g.state()],
    groupEpoch: g.groupEpoch,
    assignmentEpoch: g.assignmentEpoch,
    validatedTopologyEpoch: g.validatedTopologyEpoch,
    topologyEpoch: g.topology?.epoch ?? null,
    members: null as unknown as TraceGroupView['members'],
    internalTopics: Object.fromEntries(Object.entries(internalTopics).sort(([a], [b]) => (a < b ? -1 : 1))),
    // why the group is NotReady: its configured topology's problem; a group that holds none (new, or loaded from the
    // log: the configured topology is soft state, StreamsGroup.configuredTopology) shows what configuring finds now
    topicProblem: ct ? (!isReady(ct) && ct.problem ? { statusCode: ct.problem.statusCode, detail: ct.problem.detail } : null) : (problemNow?.(g) ?? null),
  };
  // built on first read, then an ordinary property (JSON, structured clone and equality see a plain object; a
  // frozen view keeps the getter, which returns the table built once)
  let built: TraceGroupView['members'] | null = null;
  Object.defineProperty(view, 'members', {
    enumerable: true,
    configurable: true,
    get() {
      built ??= members();
      Reflect.defineProperty(view, 'members', { value: built, enumerable: true, configurable: true, writable: true });
      return built;
    },
    set(value: TraceGroupView['members']) {
      Reflect.defineProperty(view, 'members', { value, enumerable: true, configurable: true, writable: true });
    },
  });
  return view;
}

/** The view of any group, built now. */
export function groupView(g: StreamsGroup | undefined, aliasOf: AliasOf, problemNow?: ProblemNow): TraceGroupView | null {
  if (!g) return null;
  const views = new Map<string, TraceMemberView>();
  for (const id of g.members.keys()) views.set(id, memberView(g, id, aliasOf));
  const members = table(views);
  return viewOf(g, () => members, problemNow);
}

/** One step's member views: what changed since the previous step (null: the member left), or the whole table. */
interface Step {
  prev: Step | null;
  changes: Map<string, TraceMemberView | null> | null;
  members: TraceGroupView['members'] | null;
  /** Steps since the last built table (one is built when this passes the member count, so a build stays O(members)). */
  depth: number;
}

function build(step: Step): TraceGroupView['members'] {
  if (step.members) return step.members;
  const chain: Step[] = [];
  let s: Step | null = step;
  for (; s && !s.members; s = s.prev) chain.push(s);
  const views = new Map<string, TraceMemberView>();
  if (s) for (const [id, v] of Object.entries(s.members!)) views.set(id, v);
  for (let i = chain.length - 1; i >= 0; i--) {
    for (const [id, v] of chain[i]!.changes!) {
      if (v) views.set(id, v);
      else views.delete(id);
    }
  }
  step.members = table(views);
  // the table now stands alone: the steps before it are not needed for it
  step.prev = null;
  step.changes = null;
  return step.members;
}

/** The views of one group, step after step of a run. */
export class GroupViews {
  private group: StreamsGroup | undefined;
  private written = new Set<string>();
  /** The current member views. */
  private readonly current = new Map<string, TraceMemberView>();
  private last: Step | null = null;

  constructor(
    private readonly aliasOf: AliasOf,
    private readonly problemNow?: ProblemNow,
  ) {}

  /** A member's alias changed (its view shows it). */
  aliasChanged(memberId: string): void {
    this.written.add(memberId);
  }

  view(g: StreamsGroup | undefined): TraceGroupView | null {
    if (!g) {
      this.group = undefined;
      this.current.clear();
      this.last = null;
      return null;
    }
    const changes = new Map<string, TraceMemberView | null>();
    if (g !== this.group) {
      // another group object (the first view, or after a failover): every member afresh
      this.group = g;
      const aliases = this.written;
      this.written = g.watchMemberWrites();
      aliases.clear();
      this.current.clear();
      this.last = null;
      for (const id of g.members.keys()) this.current.set(id, memberView(g, id, this.aliasOf));
      for (const [id, v] of this.current) changes.set(id, v);
    } else {
      for (const id of this.written) {
        if (!g.members.has(id)) {
          if (this.current.delete(id)) changes.set(id, null);
          continue;
        }
        const v = memberView(g, id, this.aliasOf);
        if (this.current.get(id) !== v) {
          this.current.set(id, v);
          changes.set(id, v);
        }
      }
    }
    this.written.clear();
    const step: Step = { prev: this.last, changes, members: null, depth: (this.last?.depth ?? 0) + 1 };
    this.last = step;
    if (step.depth > Math.max(64, this.current.size)) {
      build(step);
      step.depth = 0;
    }
    return viewOf(g, () => build(step), this.problemNow);
  }
}

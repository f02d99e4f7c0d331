// Test helpers for the reconciliation builder: compact member/target/lookup construction and a plain view of results.
import { newMember, type MemberState, type StreamsGroupMember } from '../../src/core/model/member.ts';
import { taskSet, toObject, withEpoch, type Role, type TaskEpochs, type TaskSet, type TasksTuple } from '../../src/core/model/tasks.ts';
import { ABSENT_REPORT, buildCurrentAssignment, type CurrentAssignmentInput, type OwnedReport, type ProcessLookups } from '../../src/core/reconcile/index.ts';

export type Plain = Readonly<Record<string, readonly number[]>>;

export const ROLES: readonly Role[] = ['active', 'standby', 'warmup'];

/** Active tasks with explicit epochs: `{ "0": { 1: 9, 2: 8 } }`. */
export function epochs(obj: Readonly<Record<string, Readonly<Record<number, number>>>>): TaskEpochs {
  const m = new Map<string, Map<number, number>>();
  for (const [s, ps] of Object.entries(obj)) m.set(s, new Map(Object.entries(ps).map(([p, e]) => [Number(p), e])));
  return m;
}

export function tuple(t: { active?: Plain; standby?: Plain; warmup?: Plain } = {}): TasksTuple {
  return { active: taskSet(t.active ?? {}), standby: taskSet(t.standby ?? {}), warmup: taskSet(t.warmup ?? {}) };
}

/** A tuple with `tasks` in one role and nothing in the others (Kafka's mkTasksTuple(role, ...)). */
export function roleTuple(role: Role, tasks: Plain): TasksTuple {
  return tuple({ [role]: tasks });
}

export interface MemberSpec {
  id?: string;
  state?: MemberState;
  epoch: number;
  previous?: number;
  processId?: string;
  /** Active tasks, all at `activeEpoch` (default: `epoch`). */
  active?: Plain;
  activeEpoch?: number;
  /** Active tasks with explicit epochs (overrides `active`). */
  activeEpochs?: TaskEpochs;
  standby?: Plain;
  warmup?: Plain;
  pending?: { active?: Plain; standby?: Plain; warmup?: Plain };
}

export function member(spec: MemberSpec): StreamsGroupMember {
  return {
    ...newMember(spec.id ?? 'member'),
    state: spec.state ?? 'STABLE',
    memberEpoch: spec.epoch,
    previousMemberEpoch: spec.previous ?? spec.epoch,
    processId: spec.processId ?? 'process_id',
    rebalanceTimeoutMs: 300000,
    assignedTasks: {
      active: spec.activeEpochs ?? withEpoch(taskSet(spec.active ?? {}), spec.activeEpoch ?? spec.epoch),
      standby: taskSet(spec.standby ?? {}),
      warmup: taskSet(spec.warmup ?? {}),
    },
    tasksPendingRevocation: tuple(spec.pending ?? {}),
  };
}

/** A member with `tasks` in one role (active tasks at `epoch`). */
export function roleMember(role: Role, spec: Omit<MemberSpec, 'active' | 'standby' | 'warmup' | 'pending'> & { tasks: Plain; pending?: Plain }): StreamsGroupMember {
  return member({ ...spec, [role]: spec.tasks, pending: spec.pending ? { [role]: spec.pending } : undefined });
}

/** Lookups given as functions (Kafka's test style: `(s, p) -> PROCESS_ID`). */
export function fnLookups(
  active: (s: string, p: number) => string | undefined = () => undefined,
  standby: (s: string, p: number) => readonly string[] = () => [],
  warmup: (s: string, p: number) => readonly string[] = () => [],
): ProcessLookups {
  return {
    activeTaskProcessId: active,
    standbyTaskProcessIds: (s, p) => new Set(standby(s, p)),
    warmupTaskProcessIds: (s, p) => new Set(warmup(s, p)),
  };
}

export const FREE: ProcessLookups = fnLookups();

/** Lookups derived from members' assigned + pending-revocation tasks (what StreamsGroup maintains on replay). */
export function groupLookups(members: readonly StreamsGroupMember[]): ProcessLookups {
  const active = new Map<string, string>();
  const standby = new Map<string, Set<string>>();
  const warmup = new Map<string, Set<string>>();
  const key = (s: string, p: number): string => `${s}_${p}`;
  const addAll = (m: Map<string, Set<string>>, t: TaskSet, pid: string): void => {
    for (const [s, ps] of t)
      for (const p of ps) {
        const cur = m.get(key(s, p)) ?? new Set<string>();
        cur.add(pid);
        m.set(key(s, p), cur);
      }
  };
  for (const m of members) {
    for (const [s, ps] of m.assignedTasks.active) for (const p of ps.keys()) active.set(key(s, p), m.processId);
    for (const [s, ps] of m.tasksPendingRevocation.active) for (const p of ps) active.set(key(s, p), m.processId);
    addAll(standby, m.assignedTasks.standby, m.processId);
    addAll(standby, m.tasksPendingRevocation.standby, m.processId);
    addAll(warmup, m.assignedTasks.warmup, m.processId);
    addAll(warmup, m.tasksPendingRevocation.warmup, m.processId);
  }
  return {
    activeTaskProcessId: (s, p) => active.get(key(s, p)),
    standbyTaskProcessIds: (s, p) => standby.get(key(s, p)),
    warmupTaskProcessIds: (s, p) => warmup.get(key(s, p)),
  };
}

export function report(r: { active?: Plain | null; standby?: Plain | null; warmup?: Plain | null }): OwnedReport {
  const conv = (x: Plain | null | undefined): TaskSet | null => (x === undefined || x === null ? null : taskSet(x));
  return { active: conv(r.active), standby: conv(r.standby), warmup: conv(r.warmup) };
}

/** A complete report (all three lists present), unspecified roles empty. */
export function fullReport(r: { active?: Plain; standby?: Plain; warmup?: Plain } = {}): OwnedReport {
  return report({ active: r.active ?? {}, standby: r.standby ?? {}, warmup: r.warmup ?? {} });
}

export function run(
  m: StreamsGroupMember,
  targetEpoch: number,
  target: TasksTuple,
  opts: Partial<Pick<CurrentAssignmentInput, 'report' | 'lookups' | 'flavour' | 'reportRule'>> = {},
): StreamsGroupMember {
  return buildCurrentAssignment({
    member: m,
    targetEpoch,
    target,
    report: opts.report ?? ABSENT_REPORT,
    lookups: opts.lookups ?? FREE,
    flavour: opts.flavour ?? '4.4',
    reportRule: opts.reportRule ?? 'all-or-nothing',
  });
}

function epochsObject(e: TaskEpochs): Record<string, Record<number, number>> {
  const out: Record<string, Record<number, number>> = {};
  for (const s of [...e.keys()].sort()) {
    const inner: Record<number, number> = {};
    for (const [p, ep] of [...(e.get(s) ?? new Map<number, number>())].sort((a, b) => a[0] - b[0])) inner[p] = ep;
    out[s] = inner;
  }
  return out;
}

/** The assignment part of a member in plain form, for toEqual. */
export function view(m: StreamsGroupMember): {
  state: MemberState;
  epoch: number;
  previous: number;
  active: Record<string, Record<number, number>>;
  standby: Record<string, number[]>;
  warmup: Record<string, number[]>;
  pending: { active: Record<string, number[]>; standby: Record<string, number[]>; warmup: Record<string, number[]> };
} {
  return {
    state: m.state,
    epoch: m.memberEpoch,
    previous: m.previousMemberEpoch,
    active: epochsObject(m.assignedTasks.active),
    standby: toObject(m.assignedTasks.standby),
    warmup: toObject(m.assignedTasks.warmup),
    pending: {
      active: toObject(m.tasksPendingRevocation.active),
      standby: toObject(m.tasksPendingRevocation.standby),
      warmup: toObject(m.tasksPendingRevocation.warmup),
    },
  };
}

/** Expected view with defaults (empty everything). Active tasks given plain get `activeEpoch`. */
export function expected(e: {
  state: MemberState;
  epoch: number;
  previous: number;
  active?: Plain;
  activeEpoch?: number;
  activeEpochs?: Record<string, Record<number, number>>;
  standby?: Plain;
  warmup?: Plain;
  pending?: { active?: Plain; standby?: Plain; warmup?: Plain };
}): ReturnType<typeof view> {
  const active: Record<string, Record<number, number>> = e.activeEpochs ?? {};
  if (!e.activeEpochs && e.active) {
    for (const [s, ps] of Object.entries(e.active)) {
      const inner: Record<number, number> = {};
      for (const p of ps) inner[p] = e.activeEpoch ?? e.epoch;
      active[s] = inner;
    }
  }
  const norm = (x: Plain | undefined): Record<string, number[]> => {
    const out: Record<string, number[]> = {};
    for (const s of Object.keys(x ?? {}).sort()) out[s] = [...(x?.[s] ?? [])].sort((a, b) => a - b);
    return out;
  };
  return {
    state: e.state,
    epoch: e.epoch,
    previous: e.previous,
    active,
    standby: norm(e.standby),
    warmup: norm(e.warmup),
    pending: { active: norm(e.pending?.active), standby: norm(e.pending?.standby), warmup: norm(e.pending?.warmup) },
  };
}

/** Expected view where `tasks` sit in one role (active ones at `activeEpoch`). */
export function expectedRole(role: Role, e: { state: MemberState; epoch: number; previous: number; tasks?: Plain; activeEpoch?: number; pending?: Plain }): ReturnType<typeof view> {
  return expected({
    state: e.state,
    epoch: e.epoch,
    previous: e.previous,
    activeEpoch: e.activeEpoch,
    [role]: e.tasks ?? {},
    pending: e.pending ? { [role]: e.pending } : undefined,
  });
}

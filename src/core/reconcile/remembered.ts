// Reconciliations remembered on the member's assigned-task set (an immutable value): exploration reconciles the
// same member values toward the same targets in many states. A remembered result is reused only when every input is
// the same (by identity or exact equality) and the group answers every question the reconciliation asked of it ("does
// another member hold this task?") the same way: the result is then the one computing it again would give. Only
// within one run (a shared value such as the empty assignment is a key in every run): another run's result would be
// equal but made of other objects, which the deterministic estimate of what a run keeps (util/approxBytes.ts, counting
// a shared object once) would see.
import type { MemberState, StreamsGroupMember } from '../model/member.ts';
import { equalSets, equalTuples, type TaskEpochs, type TaskSet, type TasksTuple, type TasksTupleWithEpochs } from '../model/tasks.ts';
import { slot } from '../util/slot.ts';
import type { CurrentAssignmentInput, OwnedReport, ProcessLookups } from './input.ts';

/** What the reconciliation asked of the group's process-id indexes, in order: kind, subtopology, partition, answer. */
export class LookupLog {
  /** Four entries per question (one array: a reconciliation asks a handful). */
  readonly asked: (number | string | boolean | undefined)[] = [];

  note(kind: number, s: string, p: number, answer: string | boolean | undefined): void {
    this.asked.push(kind, s, p, answer);
  }
}

/** LookupLog kinds: the active holder's process id; whether the process holds the task as standby; as warm-up. */
export const ASKED_ACTIVE = 0;
export const ASKED_STANDBY = 1;
export const ASKED_WARMUP = 2;

/** The assignment part of a reconciled member (null: the member itself, unchanged). */
interface Outcome {
  readonly memberEpoch: number;
  readonly previousMemberEpoch: number;
  readonly state: MemberState;
  readonly assignedTasks: TasksTupleWithEpochs;
  readonly tasksPendingRevocation: TasksTuple;
  readonly revocationEpochs: TaskEpochs;
}

interface Remembered {
  /** The run it was computed in (CurrentAssignmentInput.rememberIn). */
  readonly scope: object;
  readonly input: CurrentAssignmentInput;
  readonly asked: LookupLog;
  readonly outcome: Outcome | null;
}

/** Reconciliations per assigned-task set, newest first (a set meets many targets and epochs: 32 keep 80% of the explorer's). */
const byAssigned = slot<Remembered[]>();
const KEPT_PER_SET = 32;

function sameRole(a: TaskSet | null, b: TaskSet | null): boolean {
  return a === b || (a !== null && b !== null && equalSets(a, b));
}

function sameReport(a: OwnedReport, b: OwnedReport): boolean {
  return a === b || (sameRole(a.active, b.active) && sameRole(a.standby, b.standby) && sameRole(a.warmup, b.warmup));
}

/** Every input the reconciliation reads, but the group's indexes (the member's assigned tasks: the slot's key). */
function sameInputs(a: CurrentAssignmentInput, b: CurrentAssignmentInput): boolean {
  const m = a.member;
  const n = b.member;
  // (the scalars that tell entries apart most often first)
  return (
    a.targetEpoch === b.targetEpoch &&
    m.memberEpoch === n.memberEpoch &&
    m.state === n.state &&
    m.previousMemberEpoch === n.previousMemberEpoch &&
    m.processId === n.processId &&
    m.tasksPendingRevocation === n.tasksPendingRevocation &&
    m.revocationEpochs === n.revocationEpochs &&
    a.flavour === b.flavour &&
    a.reportRule === b.reportRule &&
    a.omittedListMeansUnchanged === b.omittedListMeansUnchanged &&
    (a.target === b.target || equalTuples(a.target, b.target)) &&
    sameReport(a.report, b.report)
  );
}

/** Whether the group answers every recorded question as it did. */
function sameAnswers(log: LookupLog, lookups: ProcessLookups, pid: string): boolean {
  const asked = log.asked;
  for (let i = 0; i < asked.length; i += 4) {
    const kind = asked[i];
    const s = asked[i + 1] as string;
    const p = asked[i + 2] as number;
    const now =
      kind === ASKED_ACTIVE
        ? lookups.activeTaskProcessId(s, p)
        : kind === ASKED_STANDBY
          ? (lookups.standbyTaskProcessIds(s, p)?.has(pid) ?? false)
          : (lookups.warmupTaskProcessIds(s, p)?.has(pid) ?? false);
    if (now !== asked[i + 3]) return false;
  }
  return true;
}

/**
 * The remembered reconciliation of this input: the member itself (unchanged), the reconciled member rebuilt on this
 * member's metadata, or undefined when none matches.
 */
export function recall(input: CurrentAssignmentInput, scope: object, rebuild: (m: StreamsGroupMember, o: Outcome) => StreamsGroupMember): StreamsGroupMember | undefined {
  const list = byAssigned.get(input.member.assignedTasks);
  if (list === undefined) return undefined;
  for (const r of list) {
    if (r.scope !== scope || !sameInputs(r.input, input) || !sameAnswers(r.asked, input.lookups, input.member.processId)) continue;
    return r.outcome === null ? input.member : rebuild(input.member, r.outcome);
  }
  return undefined;
}

/** Remembers a reconciliation's result (`next` the member itself when unchanged) with the questions it asked. */
export function remember(input: CurrentAssignmentInput, scope: object, asked: LookupLog, next: StreamsGroupMember): void {
  const key = input.member.assignedTasks;
  const outcome: Outcome | null =
    next === input.member
      ? null
      : {
          memberEpoch: next.memberEpoch,
          previousMemberEpoch: next.previousMemberEpoch,
          state: next.state,
          assignedTasks: next.assignedTasks,
          tasksPendingRevocation: next.tasksPendingRevocation,
          revocationEpochs: next.revocationEpochs,
        };
  // the input kept without the lookups (the group's state is not kept alive by it)
  const kept: CurrentAssignmentInput = { ...input, lookups: NO_LOOKUPS };
  const list = byAssigned.get(key);
  const entry: Remembered = { scope, input: kept, asked, outcome };
  if (list === undefined) byAssigned.set(key, [entry]);
  else {
    list.unshift(entry);
    if (list.length > KEPT_PER_SET) list.length = KEPT_PER_SET;
  }
}

const NO_LOOKUPS: ProcessLookups = {
  activeTaskProcessId: () => undefined,
  standbyTaskProcessIds: () => undefined,
  warmupTaskProcessIds: () => undefined,
};

export type { Outcome as ReconciledAssignment };

// The inputs of one member's reconciliation (CurrentAssignmentBuilder): the member, its target, its owned-task
// report and the group's process-id lookups. A module of their own: the builder and its memo (remembered.ts) both read them.
import type { StreamsGroupMember } from '../model/member.ts';
import type { TaskSet, TasksTuple } from '../model/tasks.ts';

export interface ProcessLookups {
  /** process id holding (s,p) as active, from every member's assigned + pending-revocation tasks, state BEFORE this heartbeat */
  activeTaskProcessId(subtopologyId: string, partition: number): string | undefined;
  standbyTaskProcessIds(subtopologyId: string, partition: number): ReadonlySet<string> | undefined;
  warmupTaskProcessIds(subtopologyId: string, partition: number): ReadonlySet<string> | undefined;
}

/** The owned-task report of one heartbeat: each role present (non-null list) or absent (null). */
export interface OwnedReport {
  active: TaskSet | null;
  standby: TaskSet | null;
  warmup: TaskSet | null;
}

export type ReconcileFlavour = '4.4' | '4.2' | 'draft';

export type ReportRule = 'all-or-nothing' /* today: report counts only if all three present */ | 'per-role'; /* KAFKA-20870 options A/B: each present role acknowledges its own pending revocations */

export interface CurrentAssignmentInput {
  member: StreamsGroupMember;
  targetEpoch: number;
  /** the member's (refined) target */
  target: TasksTuple;
  report: OwnedReport;
  lookups: ProcessLookups;
  flavour: ReconcileFlavour;
  reportRule: ReportRule;
  /**
   * draft only. true (the seed: "unchanged information can be omitted"): an omitted owned-task list still owns that
   * role's pending revocations, so it blocks nothing when the role has none. false (the kip1071 branch, ⚠): an omitted
   * list always counts as owning.
   */
  omittedListMeansUnchanged?: boolean;
  /**
   * Reconciliations are remembered (remembered.ts) for reuse among the inputs with this same object, one per run (a
   * run's values are then never handed to another run); absent: computed every time.
   */
  rememberIn?: object;
}

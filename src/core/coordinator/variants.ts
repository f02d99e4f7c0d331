// Coordinator behaviour where the KAFKA-20870 proposals differ: one small rule set per variant,
// applied on top of the shipped ([4.4]) coordinator. See protocol/kafka-20870.md §3.
import type { Variant } from '../scenario/types.ts';
import type { ReportRule } from '../reconcile/index.ts';

export interface VariantRules {
  /** Service layer rejects a partial owned-task report at this request version (INVALID_REQUEST "If one task-type is non-null, all must be non-null."). */
  readonly serviceRejectsPartial: (version: number) => boolean;
  /** How the builder reads a report (all three lists, or each role on its own). */
  readonly reportRule: ReportRule;
  /** Option B: partial progress accumulates in memory and is persisted only on completion. */
  readonly accumulateInMemory: boolean;
  /** Option B with the broker->client resend signal (OwnedTasksRequired). */
  readonly resendSignal: boolean;
  /** Option D: heartbeat v2 with one nullable OwnedTasks field. */
  readonly nestedReport: boolean;
}

const ALWAYS = (): boolean => true;
const NEVER = (): boolean => false;

export const VARIANT_RULES: Record<Variant, VariantRules> = {
  // today's broker: service-layer all-or-none check, all-or-nothing report
  current: { serviceRejectsPartial: ALWAYS, reportRule: 'all-or-nothing', accumulateInMemory: false, resendSignal: false, nestedReport: false },
  // the coordinator path the ticket analyses: no service-layer check, a partial report is discarded whole
  'coordinator-only': { serviceRejectsPartial: NEVER, reportRule: 'all-or-nothing', accumulateInMemory: false, resendSignal: false, nestedReport: false },
  // A: each reported role acknowledges its own revocations; progress is persisted
  'A-persist-partial': { serviceRejectsPartial: NEVER, reportRule: 'per-role', accumulateInMemory: false, resendSignal: false, nestedReport: false },
  // B: progress accumulates in memory; persisted only on completion; lost on failover
  'B-accumulate': { serviceRejectsPartial: NEVER, reportRule: 'all-or-nothing', accumulateInMemory: true, resendSignal: false, nestedReport: false },
  // B with the signal: only v2 clients (which understand OwnedTasksRequired) may send partial reports
  'B-accumulate-signal': { serviceRejectsPartial: (version) => version < 2, reportRule: 'all-or-nothing', accumulateInMemory: true, resendSignal: true, nestedReport: false },
  // C: today's rejection, documented (behaviour as current)
  'C-reject-partial': { serviceRejectsPartial: ALWAYS, reportRule: 'all-or-nothing', accumulateInMemory: false, resendSignal: false, nestedReport: false },
  // D: v2 adds a nested OwnedTasks; v0/v1 keep C's rejection
  'D-nested-report': { serviceRejectsPartial: ALWAYS, reportRule: 'all-or-nothing', accumulateInMemory: false, resendSignal: false, nestedReport: true },
};

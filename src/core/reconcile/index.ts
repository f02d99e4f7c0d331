// Reconciliation (CurrentAssignmentBuilder) public surface.
export {
  ABSENT_REPORT,
  UNKNOWN_STATE_FENCE_MESSAGE,
  buildCurrentAssignment,
  isReportComplete,
  ownedReportFromRequest,
  type CurrentAssignmentInput,
  type OwnedReport,
  type ProcessLookups,
  type ReconcileFlavour,
  type ReportRule,
} from './currentAssignmentBuilder.ts';

// Variant "B-accumulate-signal": KAFKA-20870 option B with the OwnedTasksRequired resend signal (kafka-20870 §3).
import { defineVariant, SHIPPED_RULES } from './types.ts';

export default defineVariant({
  name: 'B-accumulate-signal',
  proposal: 'KAFKA-20870 option B with signal',
  summary: 'As B, and heartbeat v2 responses carry OwnedTasksRequired; v0/v1 keep the all-or-none rule.',
  outcome: "As B, but when a role's progress is unknown (e.g. after a failover) the v2 response asks for a full report (ownedTasksRequired) and the revocation completes.",
  editions: ['ak4'],
  runsOnKafka: false,
  // only v2 clients (which understand OwnedTasksRequired) may send partial reports
  rules: { ...SHIPPED_RULES, serviceRejectsPartial: (version) => version < 2, accumulateInMemory: true, resendSignal: true },
  // v2 = v1's request; the response adds OwnedTasksRequired; both client profiles speak it
  heartbeat: { v2: 'flat', clientVersion: { java: 2, partial: 2 } },
});

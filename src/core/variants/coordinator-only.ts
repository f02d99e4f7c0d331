// Variant "coordinator-only": the coordinator path the ticket analyses, without the service-layer check (kafka-20870 §2.3).
import { defineVariant, SHIPPED_HEARTBEAT, SHIPPED_RULES } from './types.ts';

export default defineVariant({
  name: 'coordinator-only',
  proposal: null,
  summary: 'The coordinator path alone, without the service-layer check: a partial report is discarded whole.',
  outcome: 'Partial reports succeed but have no effect: the member stays in UNREVOKED_TASKS until the rebalance timeout fences it.',
  editions: ['ak4', 'kip1071-draft'],
  runsOnKafka: false,
  // no service-layer all-or-none check; the builder still folds a partial report to "absent"
  rules: { ...SHIPPED_RULES, serviceRejectsPartial: () => false },
  heartbeat: SHIPPED_HEARTBEAT,
});

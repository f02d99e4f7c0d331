// Variant "A-persist-partial": KAFKA-20870 option A (kafka-20870 §3).
import { defineVariant, SHIPPED_HEARTBEAT, SHIPPED_RULES } from './types.ts';

export default defineVariant({
  name: 'A-persist-partial',
  proposal: 'KAFKA-20870 option A',
  summary: 'Each reported role acknowledges its own revocations; the progress is persisted as it is made.',
  outcome: 'A partial report that releases a role writes a record at once, the released tasks go to the others immediately, and the progress survives a failover.',
  editions: ['ak4'],
  runsOnKafka: false,
  // option A: no all-or-none check; stillPending[r] = reported(r) ? pending[r] ∩ owned[r] : pending[r]
  rules: { ...SHIPPED_RULES, serviceRejectsPartial: () => false, reportRule: 'per-role' },
  heartbeat: SHIPPED_HEARTBEAT,
});

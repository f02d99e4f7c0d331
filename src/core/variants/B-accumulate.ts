// Variant "B-accumulate": KAFKA-20870 option B without the resend signal (kafka-20870 §3).
import { defineVariant, SHIPPED_HEARTBEAT, SHIPPED_RULES } from './types.ts';

export default defineVariant({
  name: 'B-accumulate',
  proposal: 'KAFKA-20870 option B',
  summary: 'Partial progress accumulates in memory and is persisted only on completion (lost on failover).',
  outcome: 'The revocation completes with one record once every role is reported, nothing before; after a failover the progress is gone and the member can stall until the rebalance timeout.',
  editions: ['ak4'],
  runsOnKafka: false,
  // option B: no all-or-none check; progress kept per member in memory until complete
  rules: { ...SHIPPED_RULES, serviceRejectsPartial: () => false, accumulateInMemory: true },
  heartbeat: SHIPPED_HEARTBEAT,
});

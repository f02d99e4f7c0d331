// Variant "C-reject-partial": KAFKA-20870 option C, today's rejection documented (kafka-20870 §3).
import { defineVariant, SHIPPED_HEARTBEAT, SHIPPED_RULES } from './types.ts';

export default defineVariant({
  name: 'C-reject-partial',
  proposal: 'KAFKA-20870 option C',
  summary: "Today's rejection of partial reports, documented (behaves as current).",
  outcome: 'As current: INVALID_REQUEST (42) for a partial report, and the member is expelled after the session timeout; only the documentation differs.',
  editions: ['ak4'],
  runsOnKafka: false,
  rules: SHIPPED_RULES,
  heartbeat: SHIPPED_HEARTBEAT,
});

// Variant "D-nested-report": KAFKA-20870 option D, heartbeat v2 with one nullable OwnedTasks (kafka-20870 §3).
import { defineVariant, SHIPPED_RULES } from './types.ts';

export default defineVariant({
  name: 'D-nested-report',
  proposal: 'KAFKA-20870 option D',
  summary: "Heartbeat v2 carries the owned tasks in one nullable OwnedTasks struct; v0/v1 keep C's rejection.",
  outcome: 'A v2 client cannot express a partial report; partial reports at v0/v1 are rejected as under C.',
  editions: ['ak4'],
  runsOnKafka: false,
  rules: SHIPPED_RULES,
  // the Java client speaks v2 with OwnedTasks; a partial (third-party) client stays on v1
  heartbeat: { v2: 'nested', clientVersion: { java: 2, partial: 1 } },
});

// Variant "current": today's broker, Apache Kafka 4.4 (kafka-20870 §2): the baseline every proposal is compared with.
import { defineVariant, SHIPPED_HEARTBEAT, SHIPPED_RULES } from './types.ts';

export default defineVariant({
  name: 'current',
  proposal: null,
  summary: "Today's broker (Apache Kafka 4.4): the service layer rejects a partial owned-task report; the coordinator counts only complete reports.",
  outcome:
    'A client that sends partial reports gets INVALID_REQUEST (42) each time and is expelled after the session timeout; a member that does not release its revoked tasks within its rebalance timeout is fenced.',
  editions: ['ak4', 'kip1071-draft'],
  runsOnKafka: true,
  rules: SHIPPED_RULES,
  heartbeat: SHIPPED_HEARTBEAT,
});

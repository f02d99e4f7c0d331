// Kafka 4.2 (4.2.2): what differs from 4.3, each with its ticket.
import { KAFKA_4_3 } from './kafka-4.3.ts';
import type { ReleaseRules } from './types.ts';

export const KAFKA_4_2: ReleaseRules = {
  ...KAFKA_4_3,
  release: '4.2',
  patch: '4.2.2',
  absentConfigs: [...KAFKA_4_3.absentConfigs],
  switches: { ...KAFKA_4_3.switches },
  differences: [],
};

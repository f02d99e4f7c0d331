// Kafka 4.3 (4.3.2): what differs from 4.4, each with its ticket.
import { KAFKA_4_4 } from './kafka-4.4.ts';
import type { ReleaseRules } from './types.ts';

export const KAFKA_4_3: ReleaseRules = {
  ...KAFKA_4_4,
  release: '4.3',
  patch: '4.3.2',
  // [4.3] StreamsGroupHeartbeat and StreamsGroupDescribe v0 only; v1 came with 4.4 (KIP-1309)
  versions: { StreamsGroupHeartbeat: [0, 0], StreamsGroupDescribe: [0, 0] },
  clientHeartbeatVersion: 0,
  absentConfigs: [],
  switches: {
    ...KAFKA_4_4.switches,
    // [4.3] the service refuses static membership, task offsets and warm-up tasks (accepted from 4.4: static members KAFKA-20169, task offsets and warm-ups KIP-1071)
    serviceRejectsLaterFeatures: true,
  },
  differences: [],
};

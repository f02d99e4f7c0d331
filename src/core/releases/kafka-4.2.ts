// Kafka 4.2 (4.2.2): what differs from 4.3, each with its ticket.
import { KAFKA_4_3 } from './kafka-4.3.ts';
import type { ReleaseRules } from './types.ts';

export const KAFKA_4_2: ReleaseRules = {
  ...KAFKA_4_3,
  release: '4.2',
  patch: '4.2.2',
  // [4.2] no assignment interval (KIP-1263 came with 4.3): every due assignment is computed at once
  absentConfigs: {
    ...KAFKA_4_3.absentConfigs,
    'group.streams.assignment.interval.ms': 0,
    'group.streams.min.assignment.interval.ms': 0,
    'group.streams.max.assignment.interval.ms': 0,
  },
  absentGroupConfigs: [...KAFKA_4_3.absentGroupConfigs, 'streams.assignment.interval.ms'],
  switches: { ...KAFKA_4_3.switches },
  differences: [],
};

// Kafka 4.1 (4.1.2): streams groups as early access (KIP-1071), what differs from 4.2, each with its ticket.
import { KAFKA_4_2 } from './kafka-4.2.ts';
import type { ReleaseRules } from './types.ts';

export const KAFKA_4_1: ReleaseRules = {
  ...KAFKA_4_2,
  release: '4.1',
  patch: '4.1.2',
  // [4.1] early access: the RPCs' v0 is marked unstable (latestVersionUnstable), served only with unstable API
  // versions enabled and streams.version=1 (KIP-1071)
  ga: false,
  // [4.1] no initial rebalance delay (group.streams.initial.rebalance.delay.ms came with 4.2): the first join assigns at once
  absentConfigs: { ...KAFKA_4_2.absentConfigs, 'group.streams.initial.rebalance.delay.ms': 0 },
  absentGroupConfigs: [...KAFKA_4_2.absentGroupConfigs, 'streams.initial.rebalance.delay.ms'],
  switches: { ...KAFKA_4_2.switches },
  differences: [],
};

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
  // [4.3] GroupCoordinatorConfig and GroupConfig have no warm-up, task-offset, recovery-lag, rack-aware or assignor
  // configs (KIP-1071's task offsets and warm-ups, KAFKA-20744's rack-aware tags and KIP-1357's assignors came with 4.4):
  // the response's TaskOffsetIntervalMs and AcceptableRecoveryLag stay 0, and no warm-up is ever planned
  absentConfigs: {
    'group.streams.task.offset.interval.ms': 0,
    'group.streams.acceptable.recovery.lag': 0,
    'group.streams.num.warmup.replicas': 0,
    'group.streams.rack.aware.assignment.tags': '',
    'group.streams.assignors': 'sticky',
  },
  absentGroupConfigs: ['streams.task.offset.interval.ms', 'streams.acceptable.recovery.lag', 'streams.num.warmup.replicas', 'streams.rack.aware.assignment.tags', 'streams.assignor.name'],
  switches: {
    ...KAFKA_4_4.switches,
    // [4.3] the service refuses static membership, task offsets and warm-up tasks (accepted from 4.4: static members KAFKA-20169, task offsets and warm-ups KIP-1071)
    serviceRejectsLaterFeatures: true,
    // [4.3] the Java client sends no task offsets (StreamsGroupHeartbeatRequestManager.HeartbeatState; KIP-1071's task offsets came with 4.4)
    clientSendsTaskOffsets: false,
  },
  differences: [],
};

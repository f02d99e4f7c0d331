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
  // [4.2] GroupConfig.CONFIG_DEF of 4.2.2 has no assignment intervals (KIP-1263) nor these share group configs either
  absentGroupConfigs: [
    ...KAFKA_4_3.absentGroupConfigs,
    'streams.assignment.interval.ms',
    'consumer.assignment.interval.ms',
    'share.assignment.interval.ms',
    'share.delivery.count.limit',
    'share.partition.max.record.locks',
    'share.renew.acknowledge.enable',
  ],
  // [4.2] GroupConfig.validate(Properties, …) checks the group's configs alone (4.3 merges them over the broker's defaults first)
  groupConfigValidationDefaults: [],
  // [4.2] GroupCoordinatorConfig.extractGroupConfigMap has no streams configs (4.3 added extractStreamsGroupConfigMap): a group
  // with group configs reads GroupConfig's defaults for the streams configs it does not set, not the broker's
  groupConfigOwnDefaults: {
    'streams.session.timeout.ms': 45000,
    'streams.heartbeat.interval.ms': 5000,
    'streams.num.standby.replicas': 0,
    'streams.initial.rebalance.delay.ms': 3000,
  },
  // [4.2] GroupConfigManager.updateGroupConfig keeps an emptied group config (4.3 removes it)
  emptyGroupConfigKept: true,
  switches: {
    ...KAFKA_4_3.switches,
    // [4.2] a new group starts at epoch 0 in memory and its first bump goes to 2 (from 4.3 StreamsGroup starts at group epoch 1 and TargetAssignmentMetadata.INITIAL, epoch 1)
    newGroupEpochs: { group: 0, assignment: 0 },
    firstBumpSkipsToTwo: true,
    // [4.2] during the initial rebalance delay members reconcile toward an empty target at epoch max(1, assignment epoch)
    delayedTargetEpochAtLeastOne: true,
    // [4.2] StreamsGroupTargetAssignmentMetadataValue has AssignmentEpoch only (AssignmentTimestamp came with KIP-1263 in 4.3)
    noAssignmentTimestamp: true,
    // [4.2] streamsGroupFenceMember writes no target assignment metadata when the last member goes (4.3 writes it at the new epoch)
    lastLeaveKeepsTargetEpoch: true,
    // [4.2] streamsGroupFenceMember writes the stored LastAssignmentConfigs in StreamsGroup's TimelineHashMap order (4.3's StreamsGroup.lastAssignmentConfigs copies them into a TreeMap)
    lastAssignmentConfigsInTableOrder: true,
    // [4.2] a deleted topic's offsets go by GroupCoordinatorShard.onPartitionsDeleted (partitions 0…n-1; 4.3 has onTopicsDeleted: MINOR apache/kafka#21271, no ticket)
    topicDeletionByPartitionList: true,
  },
  differences: [
    { what: 'No assignment interval (group.streams.assignment.interval.ms): every due target assignment is computed at once.', ticket: 'KIP-1263' },
    { what: 'StreamsGroupTargetAssignmentMetadata has no AssignmentTimestamp.', ticket: 'KIP-1263' },
    { what: "When the last member leaves or is fenced, the target assignment's epoch stays behind the group epoch (4.3 moves it with the group epoch).", ticket: 'ticket not identified' },
    { what: 'A new group starts at epoch 0 and its first bump goes to 2; during the initial delay members reconcile at epoch max(1, assignment epoch).', ticket: 'KAFKA-19829' },
    {
      what: "A group with group configs reads GroupConfig's defaults (session 45 s, heartbeat 5 s, no standbys, initial delay 3 s) for the streams configs it does not set, not the broker's, even once all are deleted.",
      ticket: 'ticket not identified',
    },
    { what: 'When a member leaves or is fenced, StreamsGroupMetadata lists the stored LastAssignmentConfigs in hash-table order (4.3 sorts them by key).', ticket: 'ticket not identified' },
    {
      what: "A deleted topic's committed offsets get their tombstones in ascending partition order, the group's topics in its table order (4.3 goes deleted topic by deleted topic, partitions in table order).",
      ticket: 'ticket not identified (MINOR apache/kafka#21271)',
    },
  ],
};

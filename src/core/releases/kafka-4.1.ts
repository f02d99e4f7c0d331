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
  switches: {
    ...KAFKA_4_2.switches,
    // [4.1] no status is sent as a null list (StreamsGroupHeartbeatResponse's Status defaulted to null until 4.2)
    emptyStatusIsNull: true,
    // [4.1] a new group starts at epoch 0 and the first join bumps it to 1
    newGroupEpochs: { group: 0, assignment: 0 },
    firstBumpSkipsToTwo: false,
    delayedTargetEpochAtLeastOne: false,
    // [4.1] a known member that rejoins with epoch 0 is fenced unless its previous epoch was 0 (4.2 lets every join through)
    fenceRejoinAtEpochZero: true,
    // [4.1] StreamsGroupMetadataValue has only Epoch and MetadataHash (ValidatedTopologyEpoch and LastAssignmentConfigs came with 4.2)
    noValidatedEpochOrAssignmentConfigs: true,
    // [4.1] the endpoint epoch follows every assignment the response carries, endpoint or not
    endpointEpochBump: 'assignment-sent',
    // [4.1] the response always carries the endpoint information epoch (4.2 sends it only for a group already in the map)
    endpointEpochAlwaysSent: true,
    // [4.1] castToStreamsGroup refuses an empty classic group (the join's conversion came with 4.2)
    joinConvertsEmptyClassicGroup: false,
    // [4.1] StreamsGroup.validateOffsetCommit: the commit's epoch must equal the member's (per-task assignment epochs came with 4.2)
    offsetCommitNeedsExactEpoch: true,
  },
  differences: [],
};

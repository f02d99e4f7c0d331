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
    // [4.1] GroupMetadataManager.streamsGroupFenceMember writes the bumped epoch with MetadataHash 0 (4.2 keeps the group's hash; ticket not identified)
    fenceWritesZeroMetadataHash: true,
    // [4.1] StickyTaskAssignor of 4.1.2 (task pairs, a shrinking per-member quota; rewritten in 4.2, ticket not identified)
    taskPairAssignor: true,
    // [4.1] the endpoint epoch follows every assignment the response carries, endpoint or not
    endpointEpochBump: 'assignment-sent',
    // [4.1] the response always carries the endpoint information epoch (4.2 sends it only for a group already in the map)
    endpointEpochAlwaysSent: true,
    // [4.1] castToStreamsGroup refuses an empty classic group (the join's conversion came with 4.2)
    joinConvertsEmptyClassicGroup: false,
    // [4.1] StreamsGroup.validateOffsetCommit: the commit's epoch must equal the member's (per-task assignment epochs came with 4.2)
    offsetCommitNeedsExactEpoch: true,
    // [4.1] StreamsGroup's endpointInformationEpoch starts at -1 (0 from 4.2; ticket not identified)
    initialEndpointInformationEpoch: -1,
    // [4.1] GroupMetadataManager.maybeBuildEndpointToPartitions lists the stored member map, null for no endpoint (4.2 moved it to StreamsGroup.buildEndpointToPartitions; ticket not identified)
    endpointPartitionsFromMemberMap: true,
    // [4.1] StreamsGroupCurrentMemberAssignmentValue has no AssignmentEpochs (per-task assignment epochs came with 4.2: KAFKA-19779)
    taskAssignmentEpochs: false,
    // [4.1] InternalTopicManager lists every missing topic, the internal ones as a set's toString (summarizeTopics came with 4.2; ticket not identified)
    topicListDetail: 'full',
    // [4.1] StreamsGroup's state, isSubscribedToTopic and described topology follow the configured topology (4.2's ValidatedTopologyEpoch: KAFKA-19765)
    readinessFromConfiguredTopology: true,
    // [4.1] StreamsGroup.setConfiguredTopology calls maybeUpdateGroupState: configuring an empty group's topology forgets its shutdown request (KAFKA-19765 moved readiness to the validated epoch)
    configuredTopologyClearsShutdownOfEmptyGroup: true,
  },
  differences: [
    { what: 'Early access: the heartbeat and describe v0 are unstable, served only with unstable API versions enabled and streams.version set.', ticket: 'KIP-1071' },
    { what: 'No initial rebalance delay (group.streams.initial.rebalance.delay.ms): a new group starts at epoch 0 and the first member gets epoch 1.', ticket: 'KAFKA-19829' },
    { what: 'An empty status list is sent as null, and so is the status of an error or leave response.', ticket: 'KIP-1071 (Status default changed in 4.2; ticket not identified)' },
    {
      what: 'StreamsGroupMetadata has no ValidatedTopologyEpoch or LastAssignmentConfigs; neither a topology becoming ready nor an assignment config change bumps the epoch.',
      ticket: 'KAFKA-19765',
    },
    {
      what: "A fenced or leaving member's StreamsGroupMetadata has MetadataHash 0; the group keeps 0 (its next bumps write 0) until the hash is recomputed (a topic change or a reload), which bumps the epoch.",
      ticket: 'ticket not identified',
    },
    {
      what: 'A group is ready by its configured topology, which a loaded or just-created group lacks until its next heartbeat: NotReady, described topology null, subscribed to no topic.',
      ticket: 'KAFKA-19765',
    },
    {
      what: 'Configuring the topology of a group with no members (its first member joining) forgets a shutdown request the group still held.',
      ticket: 'KAFKA-19765',
    },
    {
      what: "The sticky assignor is 4.1.2's own (rewritten in 4.2): a shrinking per-member quota and task pairs; Java breaks load ties by identity hash, the playground by process map order.",
      ticket: 'ticket not identified',
    },
    { what: 'A known member rejoining with epoch 0 is fenced (FENCED_MEMBER_EPOCH) unless its previous epoch was 0.', ticket: 'ticket not identified' },
    {
      what: 'OffsetCommit needs exactly the member epoch (STALE_MEMBER_EPOCH otherwise); 4.2 checks an older epoch per task. StreamsGroupCurrentMemberAssignment has no AssignmentEpochs.',
      ticket: 'KAFKA-19779',
    },
    { what: 'A join into an empty classic group (made by a manual offset commit) is GROUP_ID_NOT_FOUND; 4.2 converts it.', ticket: 'ticket not identified' },
    { what: 'Status details list every missing topic (no "and N additional topics"), the missing internal topics in brackets.', ticket: 'ticket not identified' },
    {
      what: 'The endpoint information epoch starts at -1 and moves with every assignment sent (not a join that gets none), is always in the response, and PartitionsByUserEndpoint is null when no member has an endpoint.',
      ticket: 'ticket not identified',
    },
  ],
};

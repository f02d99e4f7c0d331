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
  // [4.3] GroupConfig.CONFIG_DEF of 4.3.2 has none of these (IncrementalAlterConfigs answers "Unknown group config name")
  absentGroupConfigs: [
    'streams.task.offset.interval.ms',
    'streams.acceptable.recovery.lag',
    'streams.num.warmup.replicas',
    'streams.rack.aware.assignment.tags',
    'streams.assignor.name',
    'streams.assignor.offload.enable',
    'consumer.assignor.offload.enable',
    'share.assignor.offload.enable',
    'errors.deadletterqueue.topic.name',
    'errors.deadletterqueue.copy.record.enable',
  ],
  // [4.3] GroupConfig.validate(Map, …) checks the group's configs over extractGroupConfigMap's eleven defaults (4.4 validates the new group config alone)
  groupConfigValidationDefaults: [
    'consumer.session.timeout.ms',
    'consumer.heartbeat.interval.ms',
    'share.session.timeout.ms',
    'share.heartbeat.interval.ms',
    'share.record.lock.duration.ms',
    'share.delivery.count.limit',
    'share.partition.max.record.locks',
    'streams.session.timeout.ms',
    'streams.heartbeat.interval.ms',
    'streams.num.standby.replicas',
    'streams.initial.rebalance.delay.ms',
  ],
  // [4.3] GroupConfigManager.updateGroupConfig fills a group's GroupConfig from the broker's configs (GroupConfig.evaluate, extractGroupConfigMap)
  groupConfigOwnDefaults: {},
  switches: {
    ...KAFKA_4_4.switches,
    // [4.3] the service refuses static membership, task offsets and warm-up tasks (accepted from 4.4: static members KAFKA-20169, task offsets and warm-ups KIP-1071)
    serviceRejectsLaterFeatures: true,
    // [4.3] the Java client sends no task offsets (StreamsGroupHeartbeatRequestManager.HeartbeatState; KIP-1071's task offsets came with 4.4)
    clientSendsTaskOffsets: false,
    // [4.3] the endpoint epoch is bumped when an assignment is sent to a member with an endpoint (4.4 also on an endpoint change: KAFKA-20169's static members)
    endpointEpochBump: 'assignment-with-endpoint',
    // [4.3] GroupMetadataManager.streamsGroupHeartbeat invalidates the member's cached endpoint entry only with an assignment (4.4 also on an endpoint change, KAFKA-20169)
    ownEndpointEntryFromCache: true,
    // [4.3] CurrentAssignmentBuilder.computeNextAssignment makes no in-place role changes and counts the member itself as a holder (4.4's demotion, conversion and promotion; ticket not identified)
    reconcileWithoutRoleChanges: true,
    // [4.3] a join's null endpoint keeps the stored one (StreamsGroupMember.Builder.maybeUpdateUserEndpoint; 4.4 replaces it, KAFKA-20169)
    joinReplacesEndpoint: false,
    // [4.3] no assignment refinement: a Stable member whose tasks differ from its target bumps nothing (GroupMetadataManager.refineAssignment came with 4.4; ticket not identified)
    refinedAssignmentBump: false,
    // [4.3] GroupConfig.validateValues names the bounding broker config in its range errors (4.4 names the bound's value; ticket not identified)
    groupConfigBoundNamesBrokerConfig: true,
    // [4.3] throwIfStreamsGroupIsFull(group) counts members only: a known member's rejoin into a full group is refused (4.4 passes the member and instance id, KAFKA-20169)
    fullGroupRefusesKnownMember: true,
    // [4.3] the assignor reads each member's target as its previous tasks and orders processes by putIfAbsent (4.4 reads the assigned tasks and task offsets, KIP-1071)
    olderStickyAssignor: true,
  },
  differences: [
    {
      what: 'StreamsGroupHeartbeat and StreamsGroupDescribe have v0 only (v1, with TopologyDescriptionRequired, IncludeTopologyDescription and the int64 AcceptableRecoveryLag, came with 4.4); the Java client sends v0.',
      ticket: 'KIP-1331',
    },
    { what: 'The service refuses static members, task offsets and non-empty warm-up lists with INVALID_REQUEST.', ticket: 'KAFKA-20169, KIP-1071' },
    {
      what: 'No warm-up, task-offset-interval, recovery-lag, rack-aware-tag or assignor configs: the response carries TaskOffsetIntervalMs and AcceptableRecoveryLag 0, and no MISSING_CLIENT_TAGS status.',
      ticket: 'KIP-1071, KAFKA-20744, KAFKA-20790',
    },
    { what: "No assignment refinement: a Stable group's member whose assigned tasks differ from its target does not bump the group epoch.", ticket: 'ticket not identified' },
    { what: 'A join into a group that has group.streams.max.size members is refused with GROUP_MAX_SIZE_REACHED, even when the member is already in it.', ticket: 'KAFKA-20169' },
    {
      what: "The sticky assignor keeps a task where the member's previous target put it (4.4: where the member holds it), and breaks ties between equally loaded processes in another order.",
      ticket: 'KIP-1071',
    },
    { what: "A join's null user endpoint keeps the stored one, and the endpoint epoch moves only when an assignment goes to a member with an endpoint.", ticket: 'KAFKA-20169' },
    {
      what: "A heartbeat that changes only the member's user endpoint lists the member in PartitionsByUserEndpoint with its old endpoint when that entry was cached (4.4 drops the cached entry).",
      ticket: 'ticket not identified',
    },
    {
      what: 'Reconciliation changes no role in place: a standby on a task the member still runs as active waits for the revocation (4.4 hands it out at once), and a standby or warm-up is revoked before it is promoted.',
      ticket: 'ticket not identified',
    },
  ],
};

// What a Kafka release line is to the simulator: data (request versions, configs, what its Java client sends) and
// small named switches on the one shipped coordinator (src/core/coordinator/), which is 4.4's. Each switch is
// consulted in one place, named in its doc comment; each release file (kafka-4.1.ts …) states every value, with the
// release and the Kafka ticket of each difference. See src/core/variants/types.ts for the same pattern for variants.
import type { KafkaRelease } from './names.ts';

/** An inclusive range of request versions. */
export type VersionRange = readonly [number, number];

/** The rule switches the coordinator, the broker and the simulated client consult (each in one place). */
export interface ReleaseSwitches {
  /**
   * Service layer (service.ts validateHeartbeat, GroupCoordinatorService.throwIfStreamsGroupHeartbeatRequestIsUsingUnsupportedFeatures):
   * INVALID_REQUEST for an instance id, task offsets, task end offsets or a non-empty warm-up list ([4.1]–[4.3]; every
   * release refuses source-topic regexes).
   */
  readonly serviceRejectsLaterFeatures: boolean;
  /**
   * Simulated Java client (clients/simulated.ts join): the release's StreamsGroupHeartbeatRequestManager.HeartbeatState
   * sets TaskOffsets and TaskEndOffsets (empty lists on a join) ([4.4]; 4.1–4.3's client never sends them).
   */
  readonly clientSendsTaskOffsets: boolean;
  /**
   * Heartbeat response (heartbeat.ts; GroupMetadataManager.streamsGroupHeartbeat): the status list is set only when
   * not empty, and the schema's default is null ([4.1]), so an error or a leave response carries null too
   * (broker.ts runHeartbeat); later releases always set a list.
   */
  readonly emptyStatusIsNull: boolean;
  /**
   * A group a join creates (heartbeat.ts; StreamsGroup's constructor): its group epoch and target assignment epoch in
   * memory before the join's bump ([4.1]/[4.2] 0 and 0; [4.3]/[4.4] 1 and 1, TargetAssignmentMetadata.INITIAL).
   */
  readonly newGroupEpochs: { readonly group: number; readonly assignment: number };
  /** Group epoch bump (heartbeat.ts; streamsGroupHeartbeat): a bump from epoch 0 goes to 2 ([4.2]), so a member's first epoch is never 1. */
  readonly firstBumpSkipsToTwo: boolean;
  /** Initial rebalance delay (heartbeat.ts): members reconcile toward an empty target at epoch max(1, assignment epoch) ([4.2]) instead of the assignment epoch. */
  readonly delayedTargetEpochAtLeastOne: boolean;
  /**
   * Join of a known member (heartbeat.ts; throwIfStreamsGroupMemberEpochIsInvalid): epoch 0 is checked like any
   * other, so a member that holds a later epoch is fenced ([4.1]); from 4.2 a join is never fenced.
   */
  readonly fenceRejoinAtEpochZero: boolean;
  /**
   * StreamsGroupMetadata (heartbeat.ts): the record has no ValidatedTopologyEpoch or LastAssignmentConfigs, and
   * neither a topology becoming ready nor an assignment config change bumps the group epoch ([4.1]).
   */
  readonly noValidatedEpochOrAssignmentConfigs: boolean;
  /**
   * StreamsGroupMetadata of a fenced or leaving member (leave.ts fenceMember; GroupMetadataManager.streamsGroupFenceMember):
   * [4.1] writes MetadataHash 0 (newStreamsGroupEpochRecord(groupId, epoch, 0)), which the replay stores as the group's
   * hash until a heartbeat recomputes it; from 4.2 the record carries the group's hash.
   */
  readonly fenceWritesZeroMetadataHash: boolean;
  /**
   * Endpoint information epoch (heartbeat.ts): when it is bumped. `assignment-sent` [4.1]: whenever the response
   * carries an assignment, except a join that gets no tasks; `assignment-with-endpoint` [4.2]/[4.3]: when the response
   * carries an assignment and the member has an endpoint; `changed` [4.4]: when the endpoint changed, or the
   * assignment changed and the member has an endpoint.
   */
  readonly endpointEpochBump: 'assignment-sent' | 'assignment-with-endpoint' | 'changed';
  /** Join (heartbeat.ts; getOrCreateStreamsGroup): a join converts an empty classic group (one a manual offset commit made) into a streams group ([4.2]+); [4.1] answers GROUP_ID_NOT_FOUND. */
  readonly joinConvertsEmptyClassicGroup: boolean;
  /** Heartbeat response (heartbeat.ts): the endpoint information epoch is sent even for a group this join creates ([4.1]); later only for a group id already in the coordinator's map. */
  readonly endpointEpochAlwaysSent: boolean;
  /** Member metadata (heartbeat.ts): a join replaces the user endpoint, a null clearing it ([4.4]); before, a null keeps the stored one. */
  readonly joinReplacesEndpoint: boolean;
  /**
   * Group epoch bump (heartbeat.ts; GroupMetadataManager.refineAssignment): a Stable group's heartbeat bumps the epoch
   * when the member's assigned tasks differ from its target, and only the target's metadata moves ([4.4]; 4.1–4.3 have
   * no assignment refinement).
   */
  readonly refinedAssignmentBump: boolean;
  /**
   * A group's endpoint information epoch before any bump (heartbeat.ts, releaseEdition.ts; StreamsGroup's field
   * initialiser): [4.1] -1, so a join that gets no tasks answers -1 and the first bump reaches 0; from 4.2 it is 0.
   */
  readonly initialEndpointInformationEpoch: number;
  /**
   * PartitionsByUserEndpoint (heartbeat.ts, endpoints.ts; GroupMetadataManager.maybeBuildEndpointToPartitions) [4.1]:
   * the stored member map in its order (a member this heartbeat creates is not listed), each topic of a task listed
   * with the task's first partitions, standby tasks only, null when no member has an endpoint; from 4.2
   * (StreamsGroup.buildEndpointToPartitions) the other members, then the heartbeating one, always a list.
   */
  readonly endpointPartitionsFromMemberMap: boolean;
  /**
   * PartitionsByUserEndpoint (heartbeat.ts; GroupMetadataManager.streamsGroupHeartbeat, StreamsGroup.getOrComputeEndpointToPartitions):
   * the heartbeat drops the member's cached entry only when it sends an assignment, so a member whose endpoint changed
   * alone is listed with its cached entry, the old endpoint ([4.2]/[4.3]); 4.4 also drops it on an endpoint change
   * (KAFKA-20169). [4.1]'s list (endpointPartitionsFromMemberMap) has no cache.
   */
  readonly ownEndpointEntryFromCache: boolean;
  /**
   * Reconciliation (heartbeat.ts maybeReconcile; CurrentAssignmentBuilder.computeNextAssignment): reconcile flavour
   * '4.2', no in-place role changes (demotion, conversion, promotion) and the member itself counts as a holder of its
   * process's tasks, so a standby target on a task the member still runs as active waits ([4.1]–[4.3]); 4.4 flavour '4.4'.
   */
  readonly reconcileWithoutRoleChanges: boolean;
  /**
   * StreamsGroupCurrentMemberAssignment (heartbeat.ts, leave.ts, releaseOnTimeout.ts; records.ts currentAssignmentRecord):
   * active tasks carry AssignmentEpochs ([4.2]+); [4.1]'s record has none, so a replayed task is at the member epoch.
   */
  readonly taskAssignmentEpochs: boolean;
  /**
   * Status details (heartbeat.ts, topology/configure.ts; InternalTopicManager.configureTopics): 'summarized' (4.2+
   * summarizeTopics) or 'full' ([4.1]: every missing source topic, the missing internal topics as "[a, b]").
   */
  readonly topicListDetail: 'summarized' | 'full';
  /**
   * Group readiness (group.ts state, offsets/retention.ts isSubscribedToTopic, describe.ts topology): [4.1]
   * StreamsGroup.maybeUpdateGroupState and isSubscribedToTopic read the configured topology (none after a load until a
   * heartbeat configures it) and asDescribedGroup describes it (null when none); from 4.2 the validated topology epoch
   * decides, the stored topology's source topics subscribe and a group with no configured topology describes the stored one.
   */
  readonly readinessFromConfiguredTopology: boolean;
  /**
   * StreamsGroup.setConfiguredTopology re-derives the group's state (maybeUpdateGroupState), so a heartbeat that
   * configures the topology of a group with no members yet (its first member joining) clears the group's shutdown
   * request, as an empty group does ([4.1]); from 4.2 setting the configured topology leaves the state alone.
   */
  readonly configuredTopologyClearsShutdownOfEmptyGroup: boolean;
  /** OffsetCommit (offsets/validate.ts; StreamsGroup.validateOffsetCommit): a member commits with exactly its member epoch ([4.1]); later, an older epoch passes per partition by the task's assignment epoch. */
  readonly offsetCommitNeedsExactEpoch: boolean;
  /**
   * IncrementalAlterConfigs on a GROUP (broker/groupConfigs.ts; GroupConfig.validateValues): a value outside the broker's
   * bounds is refused naming the bounding broker config ("… must be less than or equal to group.streams.max.standby.replicas",
   * [4.1]–[4.3]); 4.4 names the bound's value ("… must be less than or equal to 2", "… must be in the range A to B inclusive.").
   */
  readonly groupConfigBoundNamesBrokerConfig: boolean;
  /**
   * Join into a full group (heartbeat.ts; GroupMetadataManager.throwIfStreamsGroupIsFull): GROUP_MAX_SIZE_REACHED when
   * the group has group.streams.max.size members, even for a known member's rejoin ([4.1]–[4.3]); 4.4 lets a known
   * member or static instance through.
   */
  readonly fullGroupRefusesKnownMember: boolean;
  /**
   * The sticky assignor of 4.2.2/4.3.2 (coordinator/runtime.ts and heartbeat.ts; the same bytecode in both):
   * TargetAssignmentBuilder.createAssignmentMemberSpec gives it each member's target as its previous tasks (4.4's
   * createMemberMetadataAndState: the assigned tasks), and StickyTaskAssignor.initialize fills its process map with
   * putIfAbsent (assignor flavour '4.2'; 4.4: computeIfAbsent) ([4.2]/[4.3]).
   */
  readonly olderStickyAssignor: boolean;
  /**
   * The assignor of 4.1.2 (coordinator/runtime.ts; assignor/kafka41.ts): StickyTaskAssignor before the 4.2 rewrite, a
   * per-member quota that shrinks as processes fill up, task pairs, processes ranked by load ([4.1]).
   */
  readonly taskPairAssignor: boolean;
  /** StreamsGroupTargetAssignmentMetadata (coordinator/records.ts): the value has no AssignmentTimestamp ([4.1]/[4.2]; KIP-1263 added it in 4.3). */
  readonly noAssignmentTimestamp: boolean;
  /**
   * Removing a group's last member (leave.ts fenceMember; GroupMetadataManager.streamsGroupFenceMember) writes no
   * StreamsGroupTargetAssignmentMetadata at the new epoch ([4.1]/[4.2]); from 4.3 it does, so the empty group is not ASSIGNING.
   */
  readonly lastLeaveKeepsTargetEpoch: boolean;
  /**
   * StreamsGroupMetadata that streamsGroupFenceMember writes (leave.ts): the stored LastAssignmentConfigs in the order
   * of StreamsGroup's TimelineHashMap, filled from the replayed record through a HashMap (Collectors.toMap) ([4.2]);
   * from 4.3 StreamsGroup.lastAssignmentConfigs reads them through a TreeMap, sorted by key.
   */
  readonly lastAssignmentConfigsInTableOrder: boolean;
  /**
   * Offsets of deleted topics (broker.ts changeTopics, offsets/topicDeletion.ts): [4.1]/[4.2]
   * GroupCoordinatorShard.onPartitionsDeleted gets the deleted topics' partitions 0…n-1, and
   * OffsetMetadataManager.onPartitionsDeleted writes, per group, for each of its topics in table order that was
   * deleted, a tombstone per committed partition of that list in its order (a partition beyond the topic's count keeps
   * its offset); from 4.3 onTopicsDeleted takes the deleted topics in order and each one's offsets in table order.
   */
  readonly topicDeletionByPartitionList: boolean;
}

/** One release line as data. */
export interface ReleaseRules {
  readonly release: KafkaRelease;
  /** The patch release this line models (the jars its shard oracle runs). */
  readonly patch: string;
  /** Streams groups are generally available (4.2 on); in 4.1 they are early access behind `streams.version` and the unstable API flags. */
  readonly ga: boolean;
  /** Request versions the release has, for the RPCs whose versions differ between releases (kafka-clients common/message/*Request.json). */
  readonly versions: { readonly StreamsGroupHeartbeat: VersionRange; readonly StreamsGroupDescribe: VersionRange };
  /** The StreamsGroupHeartbeat version the release's Java Streams client sends (its newest). */
  readonly clientHeartbeatVersion: number;
  /**
   * Broker configs (src/core/config.ts names) the release does not have (GroupCoordinatorConfig), each with the value
   * the release behaves as: a scenario that sets one is refused, and the coordinator reads this value.
   */
  readonly absentConfigs: Readonly<Record<string, number | string>>;
  /** Group configs (GroupConfig, IncrementalAlterConfigs on a GROUP resource) the release does not have. */
  readonly absentGroupConfigs: readonly string[];
  /**
   * The broker defaults GroupConfig.validate merges the group's configs over before it checks their names
   * (GroupCoordinatorConfig.extractGroupConfigMap, into one HashMap): the names it adds. Their count sizes the map, so
   * it decides which unknown name validateNames meets first ([4.3]; 4.4 and 4.1/4.2 check the group's configs alone).
   */
  readonly groupConfigValidationDefaults: readonly string[];
  /**
   * Streams group configs a group that has group configs reads from GroupConfig.CONFIG_DEF's own default, not the
   * broker's config, when it does not set them: GroupConfigManager builds each group's GroupConfig over
   * GroupCoordinatorConfig.extractGroupConfigMap, which lacks them ([4.1]/[4.2]: every streams config); 4.3 fills
   * them from the broker's configs (GroupConfig.evaluate) and 4.4 falls back to them. Each with the default it reads.
   */
  readonly groupConfigOwnDefaults: Readonly<Record<string, number>>;
  /**
   * GroupConfigManager.updateGroupConfig keeps a group config whose every config was deleted ([4.2]), so the group
   * still reads groupConfigOwnDefaults; from 4.3 an empty one is removed and the broker's configs apply again.
   */
  readonly emptyGroupConfigKept: boolean;
  readonly switches: ReleaseSwitches;
  /** What differs from the next release, one line each, with the Kafka ticket (the per-release summary table). */
  readonly differences: readonly ReleaseDifference[];
}

/** One row of the release → difference → ticket table (README, UI). */
export interface ReleaseDifference {
  /** One plain sentence: what this release does that the newer ones do not (or the reverse). */
  readonly what: string;
  /** The Kafka ticket(s): KAFKA-NNNNN, KIP-NNNN. */
  readonly ticket: string;
}

// Kafka 4.4 (4.4.0): the shipped coordinator as it is (src/core/coordinator/). Every switch is off; the others are
// defined by what they change from this one.
import type { ReleaseRules } from './types.ts';

export const KAFKA_4_4: ReleaseRules = {
  release: '4.4',
  patch: '4.4.0',
  ga: true,
  versions: { StreamsGroupHeartbeat: [0, 1], StreamsGroupDescribe: [0, 1] },
  clientHeartbeatVersion: 1,
  absentConfigs: {},
  absentGroupConfigs: [],
  groupConfigValidationDefaults: [],
  switches: {
    serviceRejectsLaterFeatures: false,
    clientSendsTaskOffsets: true,
    newGroupEpochs: { group: 1, assignment: 1 },
    firstBumpSkipsToTwo: false,
    delayedTargetEpochAtLeastOne: false,
    fenceRejoinAtEpochZero: false,
    noValidatedEpochOrAssignmentConfigs: false,
    endpointEpochBump: 'changed',
    endpointEpochAlwaysSent: false,
    joinConvertsEmptyClassicGroup: true,
    joinReplacesEndpoint: true,
    offsetCommitNeedsExactEpoch: false,
    emptyStatusIsNull: false,
    refinedAssignmentBump: true,
    groupConfigBoundNamesBrokerConfig: false,
    fullGroupRefusesKnownMember: false,
    olderStickyAssignor: false,
    noAssignmentTimestamp: false,
    lastLeaveKeepsTargetEpoch: false,
  },
  differences: [],
};

// ak4: the protocol as shipped in Apache Kafka 4.x. The engine's own coordinator (src/core/coordinator/) is this
// edition's: the edition composes it, with the shared group RPCs (offsets, admin) and the shipped broker handlers.
import { ADMIN_GROUP_RPCS, OFFSET_RPCS } from '../../broker/sharedRpcs.ts';
import { newShippedGroup } from '../../coordinator/group.ts';
import { replayShippedGroupRecord } from '../../coordinator/replay.ts';
import { SHIPPED_HOOKS } from '../../coordinator/runtime.ts';
import type { Edition } from '../../edition.ts';
import { RECORD_API_KEYS } from '../../log/records.ts';
import { KAFKA_RECORD_SCHEMAS } from '../../log/recordShape.ts';
import { errorHeartbeatResponse, heartbeatResponseJson } from '../../protocol/messages.ts';
import { VARIANTS } from '../../scenario/types.ts';
import { heartbeatMaxVersion } from '../../variants/index.ts';
import { AK4_REQUEST_FIELDS, AK4_TOPOLOGY, ak4VariantRequestFields } from './requests.ts';

export const AK4: Edition = {
  name: 'ak4',
  wire: 'ak4',
  assignorFlavour: '4.4',
  hooks: () => SHIPPED_HOOKS,
  // GroupConfig: streams groups have their own session timeout
  sessionTimeoutKey: 'group.streams.session.timeout.ms',
  // [4.4] TargetAssignmentBuilder.createMemberMetadataAndState: the assignor reads each member's assigned tasks
  initialRebalancePreviousTasks: 'assigned',
  newGroup: newShippedGroup,
  replayGroupRecord: replayShippedGroupRecord,
  // apache/kafka's clients/src/main/resources/common/message/StreamsGroup*.json
  apiKeys: { StreamsGroupHeartbeat: 88, StreamsGroupDescribe: 89 },
  recordTypeIds: RECORD_API_KEYS,
  recordSchemas: KAFKA_RECORD_SCHEMAS,
  rpcs: {
    ...OFFSET_RPCS,
    ...ADMIN_GROUP_RPCS,
    StreamsGroupHeartbeat: (broker, version, data, client, quiet) => broker.heartbeat(version, data, client, quiet),
    StreamsGroupDescribe: (broker, version, data) => broker.describe(version, data),
  },
  // GroupCoordinatorService.streamsGroupHeartbeat validates the request before the runtime sees the loading partition
  validatedBeforeLoad: ['StreamsGroupHeartbeat'],
  versions(api, variant) {
    // a variant may add heartbeat versions (KAFKA-20870 options B-signal and D add v2)
    if (api === 'StreamsGroupHeartbeat') return [0, heartbeatMaxVersion(variant)];
    if (api === 'StreamsGroupDescribe') return [0, 0];
    return null;
  },
  unsupportedRpcMessage: (api) => `${api} is not part of the shipped protocol.`,
  heartbeatErrorResponse: (code, message, version) => heartbeatResponseJson(errorHeartbeatResponse(code, message), version),
  client: () => null,
  heartbeatIntervalKey: 'group.streams.heartbeat.interval.ms',
  shippedHeartbeat: true,
  defaultHeartbeatVersion: 1,
  heartbeatVersionFollowsVariant: true,
  requestFields: AK4_REQUEST_FIELDS,
  variantRequestFields: ak4VariantRequestFields,
  // StreamsGroupHeartbeatRequest.Topology: the topology epoch and the subtopologies
  topology: {
    type: AK4_TOPOLOGY,
    description: 'the ak4 topology',
    carriedBy: 'StreamsGroupHeartbeat',
    subtopologies: (t) => (t !== null && typeof t === 'object' && !Array.isArray(t) ? (t as { subtopologies?: unknown }).subtopologies : null),
  },
  // the KAFKA-20870 variants are proposals against the shipped protocol: all of them apply
  variants: VARIANTS,
  releasedBroker: 'Kafka 4.x',
  hasReleases: true,
  matchesTopicRegexes: false,
};

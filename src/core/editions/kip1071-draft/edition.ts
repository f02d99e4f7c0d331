// kip1071-draft: the KIP-1071 draft design (StreamsGroupInitialize, the INITIALIZING state, TopologyId). It shares the
// engine's offsets, admin RPCs and records; it brings its own heartbeat, Initialize, Describe, replay, runtime hooks,
// assignor flavour and client request fields (the files of this folder).
import { ADMIN_GROUP_RPCS, OFFSET_RPCS } from '../../broker/sharedRpcs.ts';
import type { Edition } from '../../edition.ts';
import { draftRpc } from './broker.ts';
import { draftClientOptions, maybeInitialize } from './client.ts';
import { draftHooks } from './hooks.ts';
import { DRAFT_API_KEYS, emptyDraftHeartbeatResponse } from './messages.ts';
import { DRAFT_RECORD_TYPE_IDS } from './records.ts';
import { DRAFT_RECORD_SCHEMAS } from './recordSchemas.ts';
import { newDraftGroup, replayDraft } from './replay.ts';
import { DRAFT_REQUEST_FIELDS, DRAFT_TOPOLOGY } from './requests.ts';
import { variantsFor } from '../../variants/index.ts';

export const KIP1071_DRAFT: Edition = {
  name: 'kip1071-draft',
  wire: 'kip1071-draft',
  assignorFlavour: 'draft',
  hooks: draftHooks,
  // the draft branch reads the consumer group session timeout
  sessionTimeoutKey: 'group.consumer.session.timeout.ms',
  initialRebalancePreviousTasks: 'target',
  newGroup: newDraftGroup,
  // kip1071-draft §8.5: same record names, other values and rules
  replayGroupRecord: replayDraft,
  apiKeys: DRAFT_API_KEYS,
  recordTypeIds: DRAFT_RECORD_TYPE_IDS,
  recordSchemas: DRAFT_RECORD_SCHEMAS,
  rpcs: {
    ...OFFSET_RPCS,
    ...ADMIN_GROUP_RPCS,
    StreamsGroupHeartbeat: (broker, version, data, client) => draftRpc(broker, 'StreamsGroupHeartbeat', version, data, client),
    StreamsGroupInitialize: (broker, version, data, client) => draftRpc(broker, 'StreamsGroupInitialize', version, data, client),
    StreamsGroupDescribe: (broker, version, data, client) => draftRpc(broker, 'StreamsGroupDescribe', version, data, client),
  },
  // §2.1: the draft broker serves v0 of every RPC
  versions: () => [0, 0],
  unsupportedRpcMessage: (api) => `${api} is not part of the draft protocol.`,
  heartbeatErrorResponse: (code, message) => ({ ...emptyDraftHeartbeatResponse(), errorCode: code, errorMessage: message }) as unknown as Record<string, unknown>,
  client: draftClientOptions,
  afterHeartbeat: maybeInitialize,
  heartbeatIntervalKey: 'group.consumer.heartbeat.interval.ms',
  shippedHeartbeat: false,
  defaultHeartbeatVersion: 0,
  heartbeatVersionFollowsVariant: false,
  requestFields: DRAFT_REQUEST_FIELDS,
  // §2.4: StreamsGroupInitializeRequest.Topology is the list of subtopologies
  topology: { type: DRAFT_TOPOLOGY, description: 'the kip1071-draft topology (a list of subtopologies)', carriedBy: 'StreamsGroupInitialize', subtopologies: (t) => t },
  variants: variantsFor('kip1071-draft'),
  // the draft branch was never released
  releasedBroker: null,
  hasReleases: false,
  matchesTopicRegexes: true,
};

// kip1071-draft's request tables for the scenario validator and the request-log import: the draft branch's streams
// group requests in JSON form (camelCase), all v0 (§2.1).
import {
  ADMIN_REQUEST_FIELDS,
  DESCRIBE_V0,
  ENDPOINT,
  KEY_VALUE,
  OFFSET_COMMIT,
  SUBTOPOLOGY,
  TASK_IDS,
  TASK_OFFSET,
  arr,
  bool,
  f,
  int32,
  nf,
  str,
  type RequestFieldTable,
  type StructFields,
} from '../../scenario/fieldSpec.ts';

/** StreamsGroupInitializeRequest.Topology (draft): the list of subtopologies. */
export const DRAFT_TOPOLOGY = arr(SUBTOPOLOGY);

const DRAFT_HEARTBEAT: StructFields = {
  groupId: f(str),
  memberId: f(str),
  memberEpoch: f(int32),
  instanceId: nf(str),
  rackId: nf(str),
  rebalanceTimeoutMs: f(int32),
  topologyId: nf(str),
  activeTasks: nf(arr(TASK_IDS)),
  standbyTasks: nf(arr(TASK_IDS)),
  warmupTasks: nf(arr(TASK_IDS)),
  processId: nf(str),
  userEndpoint: nf(ENDPOINT),
  clientTags: nf(arr(KEY_VALUE)),
  taskOffsets: nf(arr(TASK_OFFSET)),
  taskEndOffsets: nf(arr(TASK_OFFSET)),
  shutdownApplication: f(bool),
};

const DRAFT_INITIALIZE: StructFields = {
  groupId: f(str),
  topologyId: f(str),
  topology: f(DRAFT_TOPOLOGY),
};

/** kip1071-draft's request fields by RPC and version (index = version). */
export const DRAFT_REQUEST_FIELDS: RequestFieldTable = {
  StreamsGroupHeartbeat: [DRAFT_HEARTBEAT],
  StreamsGroupInitialize: [DRAFT_INITIALIZE],
  StreamsGroupDescribe: [DESCRIBE_V0],
  OffsetCommit: OFFSET_COMMIT,
  ...ADMIN_REQUEST_FIELDS,
};

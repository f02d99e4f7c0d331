// ak4's request tables for the scenario validator and the request-log import: Kafka 4.x's streams group requests in
// JSON form (camelCase), by version, plus the KAFKA-20870 heartbeat v2 that some variants add.
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
  struct,
  type FieldSpec,
  type RequestFieldTable,
  type StructFields,
} from '../../scenario/fieldSpec.ts';
import type { RpcName, Variant } from '../../scenario/types.ts';
import { variantDefinition } from '../../variants/index.ts';

/** StreamsGroupHeartbeatRequest.Topology (ak4). */
export const AK4_TOPOLOGY = struct('Topology', { epoch: f(int32), subtopologies: f(arr(SUBTOPOLOGY)) });

const AK4_HEARTBEAT: StructFields = {
  groupId: f(str),
  memberId: f(str),
  memberEpoch: f(int32),
  endpointInformationEpoch: f(int32),
  instanceId: nf(str),
  rackId: nf(str),
  rebalanceTimeoutMs: f(int32),
  topology: nf(AK4_TOPOLOGY),
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

const OWNED_TASKS = struct('OwnedTasks', {
  activeTasks: f(arr(TASK_IDS)),
  standbyTasks: f(arr(TASK_IDS)),
  warmupTasks: f(arr(TASK_IDS)),
});

/** KAFKA-20870 option D (variant "D-nested-report"): v2 replaces the three flat lists by one nullable OwnedTasks. */
const AK4_HEARTBEAT_V2_NESTED: StructFields = Object.fromEntries(
  Object.entries(AK4_HEARTBEAT).flatMap(([k, v]): [string, FieldSpec][] => (k === 'activeTasks' ? [['ownedTasks', nf(OWNED_TASKS)]] : k === 'standbyTasks' || k === 'warmupTasks' ? [] : [[k, v]])),
);

/** [4.4] StreamsGroupDescribe v1 (KIP-1331) adds IncludeTopologyDescription. */
const DESCRIBE_V1: StructFields = { ...DESCRIBE_V0, includeTopologyDescription: f(bool) };

/** ak4's request fields by RPC and version (index = version). */
export const AK4_REQUEST_FIELDS: RequestFieldTable = {
  StreamsGroupHeartbeat: [AK4_HEARTBEAT, AK4_HEARTBEAT],
  StreamsGroupDescribe: [DESCRIBE_V0, DESCRIBE_V1],
  OffsetCommit: OFFSET_COMMIT,
  ...ADMIN_REQUEST_FIELDS,
};

/**
 * The proposals that need a new heartbeat version (KAFKA-20870 B with its resend signal, D with nested owned tasks)
 * add v2 to ak4's StreamsGroupHeartbeat; other RPCs and variants keep the table's versions.
 */
export function ak4VariantRequestFields(variant: Variant, rpc: RpcName, base: readonly StructFields[] | undefined): readonly StructFields[] | undefined {
  if (rpc !== 'StreamsGroupHeartbeat' || !base) return base;
  // the variant's v2: v1's fields (flat lists), or one nullable OwnedTasks struct (option D)
  const v2 = variantDefinition(variant).heartbeat.v2;
  if (v2 === 'flat') return [...base, AK4_HEARTBEAT];
  if (v2 === 'nested') return [...base, AK4_HEARTBEAT_V2_NESTED];
  return base;
}

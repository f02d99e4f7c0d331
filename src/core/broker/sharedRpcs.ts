// The group RPCs every edition shares, as one component an edition composes into its RPC table: committed offsets
// (OffsetCommit, OffsetFetch, OffsetDelete: src/core/offsets/) and the admin group RPCs (ListGroups, DeleteGroups,
// DescribeGroups). IncrementalAlterConfigs is the controller's, not the group coordinator's: the broker runs it.
import type { RpcHandler } from '../edition.ts';
import type { RpcName } from '../scenario/types.ts';
import { offsetCommitRpc } from '../offsets/broker.ts';
import { deleteGroupsRpc, describeGroupsRpc, listGroupsRpc, offsetDeleteRpc, offsetFetchRpc } from './adminRpc.ts';

/** The committed-offsets RPCs (OffsetMetadataManager): the same RPCs and records in every edition. */
export const OFFSET_RPCS: Readonly<Partial<Record<RpcName, RpcHandler>>> = {
  OffsetCommit: (broker, version, data) => offsetCommitRpc(broker, version, data),
  OffsetFetch: (broker, version, data) => offsetFetchRpc(broker, version, data),
  OffsetDelete: (broker, _version, data) => offsetDeleteRpc(broker, data),
};

/** The admin group RPCs, the same in every edition. */
export const ADMIN_GROUP_RPCS: Readonly<Partial<Record<RpcName, RpcHandler>>> = {
  ListGroups: (broker, version, data) => listGroupsRpc(broker, version, data),
  DeleteGroups: (broker, _version, data) => deleteGroupsRpc(broker, data),
  DescribeGroups: (broker, version, data) => describeGroupsRpc(broker, version, data),
};

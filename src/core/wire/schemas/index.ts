// The schema registry: which schema describes a message kind in each protocol edition.
import { GROUP_RPC_KINDS, type Edition, type GroupRpcKind, type MessageKind, type MessageSchema } from '../types.ts';
import { AK4_DESCRIBE_REQUEST, AK4_DESCRIBE_RESPONSE, AK4_HEARTBEAT_REQUEST, AK4_HEARTBEAT_RESPONSE } from './ak4.ts';
import { DRAFT_DESCRIBE_REQUEST, DRAFT_DESCRIBE_RESPONSE, DRAFT_HEARTBEAT_REQUEST, DRAFT_HEARTBEAT_RESPONSE, DRAFT_INITIALIZE_REQUEST, DRAFT_INITIALIZE_RESPONSE } from './draft.ts';
import { REQUEST_HEADER, RESPONSE_HEADER } from './header.ts';
import { KAFKA_GROUP_RPC } from './kafka-4.4.generated.ts';

/** OffsetCommit and the admin group RPCs: the same messages in both editions, every version Kafka 4.4.0 has. */
const GROUP_RPCS = Object.fromEntries(
  GROUP_RPC_KINDS.map((kind) => {
    const schema = KAFKA_GROUP_RPC[kind];
    if (!schema) throw new Error(`kafka-4.4.generated.ts has no ${kind}`);
    return [kind, schema];
  }),
) as Record<GroupRpcKind, MessageSchema>;

export const SCHEMAS: Record<Edition, Partial<Record<MessageKind, MessageSchema>>> = {
  ak4: {
    StreamsGroupHeartbeatRequest: AK4_HEARTBEAT_REQUEST,
    StreamsGroupHeartbeatResponse: AK4_HEARTBEAT_RESPONSE,
    StreamsGroupDescribeRequest: AK4_DESCRIBE_REQUEST,
    StreamsGroupDescribeResponse: AK4_DESCRIBE_RESPONSE,
    ...GROUP_RPCS,
    RequestHeader: REQUEST_HEADER,
    ResponseHeader: RESPONSE_HEADER,
  },
  'kip1071-draft': {
    StreamsGroupHeartbeatRequest: DRAFT_HEARTBEAT_REQUEST,
    StreamsGroupHeartbeatResponse: DRAFT_HEARTBEAT_RESPONSE,
    StreamsGroupInitializeRequest: DRAFT_INITIALIZE_REQUEST,
    StreamsGroupInitializeResponse: DRAFT_INITIALIZE_RESPONSE,
    StreamsGroupDescribeRequest: DRAFT_DESCRIBE_REQUEST,
    StreamsGroupDescribeResponse: DRAFT_DESCRIBE_RESPONSE,
    ...GROUP_RPCS,
    RequestHeader: REQUEST_HEADER,
    ResponseHeader: RESPONSE_HEADER,
  },
};

export { REQUEST_HEADER, RESPONSE_HEADER };

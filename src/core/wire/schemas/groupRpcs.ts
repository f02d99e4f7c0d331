// OffsetCommit and the admin group RPCs: the same messages in every wire dialect, every version Kafka 4.4.0 has.
import { GROUP_RPC_KINDS, type GroupRpcKind, type MessageSchema } from '../types.ts';
import { KAFKA_GROUP_RPC } from './kafka-4.4.generated.ts';

export const GROUP_RPCS = Object.fromEntries(
  GROUP_RPC_KINDS.map((kind) => {
    const schema = KAFKA_GROUP_RPC[kind];
    if (!schema) throw new Error(`kafka-4.4.generated.ts has no ${kind}`);
    return [kind, schema];
  }),
) as Record<GroupRpcKind, MessageSchema>;

// Kafka error codes (org.apache.kafka.common.protocol.Errors) that every wire dialect numbers alike, and the names of
// all the errors the playground models. Each edition's wire dialect adds its own numbering of the streams errors
// (src/core/editions/<name>/wire.ts); src/core/protocol/errors.ts looks a dialect's table up by name.

export const COMMON_ERROR_CODES = {
  NONE: 0,
  UNKNOWN_SERVER_ERROR: -1,
  UNKNOWN_TOPIC_OR_PARTITION: 3,
  REQUEST_TIMED_OUT: 7,
  OFFSET_METADATA_TOO_LARGE: 12,
  COORDINATOR_LOAD_IN_PROGRESS: 14,
  COORDINATOR_NOT_AVAILABLE: 15,
  NOT_COORDINATOR: 16,
  NOT_ENOUGH_REPLICAS: 19,
  ILLEGAL_GENERATION: 22,
  INVALID_GROUP_ID: 24,
  UNKNOWN_MEMBER_ID: 25,
  TOPIC_AUTHORIZATION_FAILED: 29,
  GROUP_AUTHORIZATION_FAILED: 30,
  CLUSTER_AUTHORIZATION_FAILED: 31,
  UNSUPPORTED_VERSION: 35,
  INVALID_REQUEST: 42,
  INVALID_CONFIG: 40,
  NON_EMPTY_GROUP: 68,
  GROUP_ID_NOT_FOUND: 69,
  GROUP_SUBSCRIBED_TO_TOPIC: 86,
  GROUP_MAX_SIZE_REACHED: 81,
  FENCED_INSTANCE_ID: 82,
  UNKNOWN_TOPIC_ID: 100,
  FENCED_MEMBER_EPOCH: 110,
  UNRELEASED_INSTANCE_ID: 111,
  UNSUPPORTED_ASSIGNOR: 112,
  STALE_MEMBER_EPOCH: 113,
} as const;

/** The streams errors, numbered differently by the shipped protocol and the draft branch. */
export type StreamsErrorName =
  | 'STREAMS_INVALID_TOPOLOGY'
  | 'STREAMS_INVALID_TOPOLOGY_EPOCH'
  | 'STREAMS_TOPOLOGY_FENCED'
  | 'STREAMS_INCONSISTENT_TOPOLOGY'
  | 'STREAMS_MISSING_SOURCE_TOPICS'
  | 'STREAMS_GROUP_UNINITIALIZED'
  | 'STREAMS_SHUTDOWN_APPLICATION'
  | 'STREAMS_INCONSISTENT_INTERNAL_TOPICS';

export type ErrorName = keyof typeof COMMON_ERROR_CODES | StreamsErrorName;

/** One wire dialect's error numbering: name -> code, in Errors' order. */
export type ErrorTable = Readonly<Partial<Record<ErrorName, number>>>;

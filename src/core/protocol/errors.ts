// Kafka error codes (org.apache.kafka.common.protocol.Errors), by name and number, per protocol edition.

/** The wire dialects: each has its own error numbering here and its own message schemas (src/core/wire/). */
export type EditionName = 'ak4' | 'kip1071-draft';
/** A wire dialect's name, as the error tables and schemas key it (an edition itself is an `Edition` object, src/core/edition.ts). */
export type Edition = EditionName;

const COMMON = {
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
  FENCED_MEMBER_EPOCH: 110,
  UNRELEASED_INSTANCE_ID: 111,
  UNSUPPORTED_ASSIGNOR: 112,
  STALE_MEMBER_EPOCH: 113,
} as const;

/** Shipped (Kafka 4.x) numbering of the streams errors. */
const AK4 = {
  ...COMMON,
  STREAMS_INVALID_TOPOLOGY: 130,
  STREAMS_INVALID_TOPOLOGY_EPOCH: 131,
  STREAMS_TOPOLOGY_FENCED: 132,
} as const;

/** Draft branch (kip1071 @ 1bde29cc) numbering. */
const DRAFT = {
  ...COMMON,
  STREAMS_INVALID_TOPOLOGY: 129,
  STREAMS_INCONSISTENT_TOPOLOGY: 130,
  STREAMS_MISSING_SOURCE_TOPICS: 131,
  STREAMS_GROUP_UNINITIALIZED: 132,
  STREAMS_SHUTDOWN_APPLICATION: 133,
  STREAMS_INCONSISTENT_INTERNAL_TOPICS: 134,
} as const;

export type ErrorName = keyof typeof AK4 | keyof typeof DRAFT;

export const ERROR_CODES: Record<Edition, Readonly<Partial<Record<ErrorName, number>>>> = {
  ak4: AK4,
  'kip1071-draft': DRAFT,
};

export function errorCode(edition: Edition, name: ErrorName): number {
  const code = ERROR_CODES[edition][name];
  if (code === undefined) throw new Error(`error ${name} does not exist in edition ${edition}`);
  return code;
}

export function errorName(edition: Edition, code: number): ErrorName | `UNKNOWN(${number})` {
  for (const [name, c] of Object.entries(ERROR_CODES[edition])) if (c === code) return name as ErrorName;
  return `UNKNOWN(${code})`;
}

/** Plain-language explanations shown beside an error name (our own words). */
export const ERROR_EXPLANATIONS: Partial<Record<ErrorName, string>> = {
  NONE: 'The request succeeded.',
  UNKNOWN_SERVER_ERROR: 'The coordinator hit an unexpected condition; the operation was rolled back and nothing was written.',
  GROUP_SUBSCRIBED_TO_TOPIC: 'OffsetDelete: the group still reads this topic, so its offsets are kept.',
  INVALID_CONFIG: "A config value is not valid (IncrementalAlterConfigs on a GROUP resource: Kafka's GroupConfig rules).",
  INVALID_REQUEST: 'The request broke a rule the broker checks before or inside the coordinator; nothing was written and the session was not refreshed.',
  GROUP_ID_NOT_FOUND: 'There is no streams group with this id (only a join may create one).',
  UNKNOWN_MEMBER_ID: 'The group has no member with this id (or instance id); the client must rejoin with epoch 0.',
  FENCED_MEMBER_EPOCH: 'The member epoch in the request is not one the coordinator accepts; the client must release its tasks and rejoin with epoch 0.',
  UNRELEASED_INSTANCE_ID: 'Another member still holds this static instance id and has not left temporarily (epoch -2).',
  FENCED_INSTANCE_ID: 'This static instance id now belongs to a different member id.',
  GROUP_MAX_SIZE_REACHED: 'The group already has group.streams.max.size members.',
  STREAMS_INVALID_TOPOLOGY: 'The topology cannot be configured (e.g. repartition counts cannot be derived, or a changelog sets a partition count).',
  STREAMS_MISSING_SOURCE_TOPICS: 'Source topics of the topology do not exist.',
  STREAMS_INCONSISTENT_INTERNAL_TOPICS: 'Existing internal topics do not match what the topology requires.',
  INVALID_GROUP_ID: 'The group id is null or empty.',
  COORDINATOR_NOT_AVAILABLE: 'The coordinator is not available; the client rediscovers it and retries.',
  NOT_COORDINATOR: "This broker is not the group's coordinator; the client rediscovers it and retries.",
  COORDINATOR_LOAD_IN_PROGRESS: 'The coordinator is still loading the partition; the client retries.',
  UNSUPPORTED_VERSION: 'The broker does not support this request version, or the streams protocol is disabled.',
  STALE_MEMBER_EPOCH: 'An offset commit carried a member epoch the coordinator does not accept for these partitions; nothing was committed.',
  UNKNOWN_TOPIC_OR_PARTITION: 'The cluster has no such topic or partition.',
  OFFSET_METADATA_TOO_LARGE: 'The committed metadata is longer than offset.metadata.max.bytes.',
  ILLEGAL_GENERATION: 'An old-version offset commit named a group that does not exist (or a stale generation).',
};

/** An error raised by coordinator logic; mapped to an error response by the service layer. */
export class ApiError extends Error {
  constructor(
    readonly errorName: ErrorName,
    message: string | null,
  ) {
    // an API error is an answer, not a bug: no stack trace (capturing one dominates a fenced heartbeat's cost)
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message ?? errorName);
    Error.stackTraceLimit = limit;
    this.apiMessage = message;
  }
  readonly apiMessage: string | null;
}

export function apiError(name: ErrorName, message: string | null = null): ApiError {
  return new ApiError(name, message);
}

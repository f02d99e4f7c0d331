// Kafka error codes (org.apache.kafka.common.protocol.Errors), by name and number, per wire dialect (each edition's
// table is its own: src/core/editions/<name>/wire.ts).

import { ERROR_CODES } from '../editions/wire.ts';
import type { ErrorName } from './errorNumbers.ts';

export type { ErrorName } from './errorNumbers.ts';
export { ERROR_CODES } from '../editions/wire.ts';

/** A wire dialect's name, as the error tables and schemas key it (registered in src/core/editions/wire.ts; an edition itself is an `Edition` object, src/core/edition.ts). */
export type EditionName = string;
/** A wire dialect's or a scenario protocol's name. */
export type Edition = EditionName;

/** A dialect's error table; an unknown dialect is a bug of the caller. */
function tableOf(edition: Edition): Readonly<Partial<Record<ErrorName, number>>> {
  const table = ERROR_CODES[edition];
  if (!table) throw new Error(`no wire dialect ${JSON.stringify(edition)} (known: ${Object.keys(ERROR_CODES).join(', ')})`);
  return table;
}

export function errorCode(edition: Edition, name: ErrorName): number {
  const code = tableOf(edition)[name];
  if (code === undefined) throw new Error(`error ${name} does not exist in edition ${edition}`);
  return code;
}

export function errorName(edition: Edition, code: number): ErrorName | `UNKNOWN(${number})` {
  for (const [name, c] of Object.entries(tableOf(edition))) if (c === code) return name as ErrorName;
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
  UNKNOWN_TOPIC_ID: 'OffsetCommit/OffsetFetch v10: the cluster has no topic with this topic id.',
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
  /** What the narration says about the error before the answer (a release rule that decided it); set only when narrating. */
  narration?: string[];
}

export function apiError(name: ErrorName, message: string | null = null): ApiError {
  return new ApiError(name, message);
}

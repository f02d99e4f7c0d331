// kip1071-draft's wire dialect: the draft branch's numbering of the streams errors and its streams group schemas.
import { COMMON_ERROR_CODES } from '../../protocol/errorNumbers.ts';
import type { WireDialect } from '../../wire/dialect.ts';
import { GROUP_RPCS } from '../../wire/schemas/groupRpcs.ts';
import { REQUEST_HEADER, RESPONSE_HEADER } from '../../wire/schemas/header.ts';
import { DRAFT_DESCRIBE_REQUEST, DRAFT_DESCRIBE_RESPONSE, DRAFT_HEARTBEAT_REQUEST, DRAFT_HEARTBEAT_RESPONSE, DRAFT_INITIALIZE_REQUEST, DRAFT_INITIALIZE_RESPONSE } from './schemas.ts';

/** Draft branch (kip1071 @ 1bde29cc) numbering. */
const DRAFT_ERRORS = {
  ...COMMON_ERROR_CODES,
  STREAMS_INVALID_TOPOLOGY: 129,
  STREAMS_INCONSISTENT_TOPOLOGY: 130,
  STREAMS_MISSING_SOURCE_TOPICS: 131,
  STREAMS_GROUP_UNINITIALIZED: 132,
  STREAMS_SHUTDOWN_APPLICATION: 133,
  STREAMS_INCONSISTENT_INTERNAL_TOPICS: 134,
} as const;

export const DRAFT_WIRE: WireDialect = {
  name: 'kip1071-draft',
  errors: DRAFT_ERRORS,
  schemas: {
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

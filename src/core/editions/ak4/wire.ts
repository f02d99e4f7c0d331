// ak4's wire dialect: the shipped (Kafka 4.x) numbering of the streams errors and the 4.x streams group schemas.
import { COMMON_ERROR_CODES } from '../../protocol/errorNumbers.ts';
import type { WireDialect } from '../../wire/dialect.ts';
import { GROUP_RPCS } from '../../wire/schemas/groupRpcs.ts';
import { REQUEST_HEADER, RESPONSE_HEADER } from '../../wire/schemas/header.ts';
import { AK4_DESCRIBE_REQUEST, AK4_DESCRIBE_RESPONSE, AK4_HEARTBEAT_REQUEST, AK4_HEARTBEAT_RESPONSE } from './schemas.ts';

/** Shipped (Kafka 4.x) numbering of the streams errors. */
const AK4_ERRORS = {
  ...COMMON_ERROR_CODES,
  STREAMS_INVALID_TOPOLOGY: 130,
  STREAMS_INVALID_TOPOLOGY_EPOCH: 131,
  STREAMS_TOPOLOGY_FENCED: 132,
} as const;

export const AK4_WIRE: WireDialect = {
  name: 'ak4',
  errors: AK4_ERRORS,
  schemas: {
    StreamsGroupHeartbeatRequest: AK4_HEARTBEAT_REQUEST,
    StreamsGroupHeartbeatResponse: AK4_HEARTBEAT_RESPONSE,
    StreamsGroupDescribeRequest: AK4_DESCRIBE_REQUEST,
    StreamsGroupDescribeResponse: AK4_DESCRIBE_RESPONSE,
    ...GROUP_RPCS,
    RequestHeader: REQUEST_HEADER,
    ResponseHeader: RESPONSE_HEADER,
  },
};

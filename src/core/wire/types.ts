// Kafka's message-schema model as TS data (the JSON files in clients/src/main/resources/common/message), and the
// public types of the wire codec. Field names are PascalCase as in the schemas; JSON keys are their camelCase form.

/** Primitive field types of Kafka's message schemas. */
export type PrimitiveType = 'int8' | 'int16' | 'int32' | 'int64' | 'uint16' | 'bool' | 'string' | 'bytes' | 'uuid' | 'float64';

/** One field: `type` is a primitive, a struct name, or `[]T` for an array of T. */
export interface FieldSpec {
  name: string;
  type: string;
  /** Version range: "0+", "0-1", "2", "none". */
  versions: string;
  nullableVersions?: string;
  /** The default in JSON form (null for "null"); absent = the type's zero value. */
  default?: unknown;
  /** Tagged field: written in the tagged-field section of its struct, only when not the default. */
  taggedVersions?: string;
  tag?: number;
  /** Kafka may drop a non-default value when writing a version without the field. */
  ignorable?: boolean;
  /** Field-level override of the message's flexibleVersions (RequestHeader.ClientId: "none"). */
  flexibleVersions?: string;
  /** Inline struct definition (type names the struct). */
  fields?: FieldSpec[];
  about?: string;
}

export interface StructSpec {
  name: string;
  versions: string;
  fields: FieldSpec[];
}

/** A wire dialect's name (an edition's `wire`, registered in src/core/editions/wire.ts). */
export type Edition = string;

export interface MessageSchema {
  name: string;
  apiKey: number;
  type: 'request' | 'response' | 'header';
  validVersions: string;
  flexibleVersions: string;
  /** Versions that are a proposal (KAFKA-20870) rather than shipped; still encodable. */
  proposedVersions?: string;
  edition: Edition | 'common';
  fields: FieldSpec[];
  commonStructs?: StructSpec[];
  /** Where each detail comes from, and what could not be verified. */
  source?: string;
}

export type MessageKind =
  | 'StreamsGroupHeartbeatRequest'
  | 'StreamsGroupHeartbeatResponse'
  | 'StreamsGroupInitializeRequest'
  | 'StreamsGroupInitializeResponse'
  | 'StreamsGroupDescribeRequest'
  | 'StreamsGroupDescribeResponse'
  | GroupRpcKind
  | 'RequestHeader'
  | 'ResponseHeader';

/** The group RPCs both editions serve (OffsetCommit and the admin ones), with schemas generated from Kafka 4.4.0. */
export const GROUP_RPC_KINDS = [
  'OffsetCommitRequest',
  'OffsetCommitResponse',
  'OffsetFetchRequest',
  'OffsetFetchResponse',
  'OffsetDeleteRequest',
  'OffsetDeleteResponse',
  'ListGroupsRequest',
  'ListGroupsResponse',
  'DescribeGroupsRequest',
  'DescribeGroupsResponse',
  'DeleteGroupsRequest',
  'DeleteGroupsResponse',
  'IncrementalAlterConfigsRequest',
  'IncrementalAlterConfigsResponse',
] as const;
export type GroupRpcKind = (typeof GROUP_RPC_KINDS)[number];

/** One run of bytes in the hex view. Annotations of a decode tile the consumed bytes in order. */
export interface Annotation {
  offset: number;
  length: number;
  /** JSON path of the value, e.g. `activeTasks[0].partitions[1]`; `x._tagged` for tagged-field sections. */
  path: string;
  /** Wire type of these bytes, e.g. `int32`, `compact string length (uvarint)`. */
  type: string;
  /** The decoded value as text. */
  display: string;
  note?: string;
}

/** A decode or encode failure, with the byte offset (position in the input or output) and the field path. */
export class WireError extends Error {
  readonly offset: number;
  readonly path: string;
  constructor(message: string, offset: number, path: string) {
    super(message);
    this.name = 'WireError';
    this.offset = offset;
    this.path = path;
  }
}

/** An unknown tagged field kept from a decode: tag and raw payload (lower-case hex). */
export interface UnknownTaggedField {
  tag: number;
  data: string;
}

/** JSON key under which a struct carries the tagged fields it did not know. */
export const UNKNOWN_TAGGED_KEY = '_unknownTaggedFields';

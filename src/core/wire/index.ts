// Public API of the wire codec: Kafka's binary form of the streams-group RPCs, for every version of each edition,
// driven by the schemas in ./schemas. JSON is Kafka's camelCase form (as the broker's request logger prints it).
import { Reader, Writer } from './bytes.ts';
import { decodeStruct, defaultStruct, encodeStruct, type Ctx } from './codec.ts';
import { wireDialectNames } from '../editions/wire.ts';
import { REQUEST_HEADER, RESPONSE_HEADER, SCHEMAS } from './schemas/index.ts';
import type { Annotation, Edition, MessageKind, MessageSchema } from './types.ts';
import { GROUP_RPC_KINDS, WireError } from './types.ts';
import { inVersions, versionList } from './versions.ts';

export { toHex, fromHex } from './bytes.ts';
export { WireError, UNKNOWN_TAGGED_KEY, GROUP_RPC_KINDS } from './types.ts';
export type { Annotation, Edition, FieldSpec, GroupRpcKind, MessageKind, MessageSchema, StructSpec, UnknownTaggedField } from './types.ts';
export { SCHEMAS } from './schemas/index.ts';

export const MESSAGE_KINDS: readonly MessageKind[] = [
  'StreamsGroupHeartbeatRequest',
  'StreamsGroupHeartbeatResponse',
  'StreamsGroupInitializeRequest',
  'StreamsGroupInitializeResponse',
  'StreamsGroupDescribeRequest',
  'StreamsGroupDescribeResponse',
  ...GROUP_RPC_KINDS,
  'RequestHeader',
  'ResponseHeader',
];

/** Request header v2 / response header v1 fields the caller supplies (apiKey and apiVersion come from the message). */
export interface HeaderOptions {
  correlationId: number;
  /** Request header only; nullable int16-length string. Default null. */
  clientId?: string | null;
}

export interface WireOptions {
  /** Wire dialect; default the first registered dialect that has the kind (src/core/editions/wire.ts). */
  edition?: Edition;
  /** Ignorable fields absent from the version: `error` (default) unless default-valued, or `drop` silently as Kafka does. */
  ignorable?: 'error' | 'drop';
}

export interface EncodeOptions extends WireOptions {
  /** Prefix the message with request header v2 (requests) or response header v1 (responses). */
  header?: HeaderOptions;
}

export interface DecodeOptions extends WireOptions {
  /** An int64 beyond ±(2^53−1): an error (default), or its decimal string (for reading real logs). */
  int64?: 'error' | 'string';
  /** A tagged field absent from the bytes: its default (default), or left out, as Kafka's JSON converters write it. */
  absentTagged?: 'default' | 'omit';
  /** The bytes start with request header v2 / response header v1; it is decoded and checked against the message. */
  header?: boolean;
}

export interface Decoded {
  json: Record<string, unknown>;
  /** Bytes read (header included); trailing bytes are left for the caller. */
  consumed: number;
  header?: Record<string, unknown>;
}

/** The schema of a message kind in an edition. */
export function getSchema(kind: MessageKind, edition?: Edition): MessageSchema {
  // no edition: the first registered dialect that has the kind (ak4's, or the draft's StreamsGroupInitialize), else the last
  const names = wireDialectNames();
  const ed = edition ?? names.find((name) => SCHEMAS[name]?.[kind]) ?? names[names.length - 1]!;
  const s = SCHEMAS[ed]?.[kind];
  if (!s) throw new WireError(`${kind} does not exist in the ${ed} edition`, 0, '');
  return s;
}

/** Every version of a message kind that the schemas describe. */
export function supportedVersions(kind: MessageKind, edition?: Edition): number[] {
  return versionList(getSchema(kind, edition).validVersions);
}

function context(kind: MessageKind | MessageSchema, version: number, opts: WireOptions): Ctx {
  const schema = typeof kind === 'string' ? getSchema(kind, opts.edition) : kind;
  if (!Number.isInteger(version) || !inVersions(schema.validVersions, version)) {
    // KIP-896: Kafka 4.0 removed the oldest versions of some RPCs (OffsetCommit v0-1, OffsetFetch v0)
    const lo = versionList(schema.validVersions)[0] ?? 0;
    if (schema.edition === 'common' && schema.type !== 'header' && Number.isInteger(version) && version >= 0 && version < lo) {
      throw new WireError(`${schema.name} v${version} is not in Kafka 4.4.0, which has versions ${schema.validVersions} (Kafka 4.0 removed the older ones, KIP-896)`, 0, '');
    }
    throw new WireError(`${schema.name} (${schema.edition}) has versions ${schema.validVersions}; v${version} is not one of them`, 0, '');
  }
  return { schema, version, flexible: inVersions(schema.flexibleVersions, version), ignorable: opts.ignorable ?? 'error' };
}

const root = (s: MessageSchema) => ({ name: s.name, versions: s.validVersions, fields: s.fields });

function headerKind(schema: MessageSchema): 'RequestHeader' | 'ResponseHeader' {
  if (schema.type === 'header') throw new WireError('a header cannot carry a header', 0, '');
  return schema.type === 'request' ? 'RequestHeader' : 'ResponseHeader';
}

/** A message of this kind and version with every field at its schema default. */
export function defaultMessage(kind: MessageKind | MessageSchema, version: number, opts: WireOptions = {}): Record<string, unknown> {
  const ctx = context(kind, version, opts);
  return defaultStruct(ctx, root(ctx.schema));
}

/** Encodes a message (a kind of the registry, or any schema); missing fields take their defaults; a field the version lacks must be absent or default). */
export function encodeMessage(kind: MessageKind | MessageSchema, version: number, json: Record<string, unknown>, opts: EncodeOptions = {}): Uint8Array {
  const ctx = context(kind, version, opts);
  const w = new Writer();
  if (opts.header) {
    const hk = headerKind(ctx.schema);
    const hjson: Record<string, unknown> =
      hk === 'RequestHeader'
        ? { requestApiKey: ctx.schema.apiKey, requestApiVersion: version, correlationId: opts.header.correlationId, clientId: opts.header.clientId ?? null }
        : { correlationId: opts.header.correlationId };
    // Request header v2 / response header v1: the flexible headers (with a tagged-field section).
    const hctx = context(hk, hk === 'RequestHeader' ? 2 : 1, {});
    encodeStruct(w, hctx, root(hctx.schema), hjson, 'header');
  }
  encodeStruct(w, ctx, root(ctx.schema), json, '');
  return w.finish();
}

function run(kind: MessageKind | MessageSchema, version: number, bytes: Uint8Array, opts: DecodeOptions, ann?: Annotation[]): Decoded {
  const ctx = context(kind, version, opts);
  ctx.ann = ann;
  if (opts.int64) ctx.int64 = opts.int64;
  if (opts.absentTagged) ctx.absentTagged = opts.absentTagged;
  const r = new Reader(bytes);
  let header: Record<string, unknown> | undefined;
  if (opts.header) {
    const hk = headerKind(ctx.schema);
    const hctx: Ctx = { ...context(hk, hk === 'RequestHeader' ? 2 : 1, {}), ann };
    header = decodeStruct(r, hctx, root(hctx.schema), 'header');
    if (hk === 'RequestHeader' && (header.requestApiKey !== ctx.schema.apiKey || header.requestApiVersion !== version)) {
      throw new WireError(
        `header says apiKey ${String(header.requestApiKey)} v${String(header.requestApiVersion)}, but ${ctx.schema.name} (${ctx.schema.edition}) v${version} has apiKey ${ctx.schema.apiKey}`,
        0,
        'header',
      );
    }
  }
  const json = decodeStruct(r, ctx, root(ctx.schema), '');
  const out: Decoded = { json, consumed: r.pos };
  if (header) out.header = header;
  return out;
}

/** Decodes one message from the start of `bytes`. Throws WireError (byte offset + field path) on bad input. */
export function decodeMessage(kind: MessageKind | MessageSchema, version: number, bytes: Uint8Array, opts: DecodeOptions = {}): Decoded {
  return run(kind, version, bytes, opts);
}

/** A WireError raised by `annotate`, carrying the annotations of the bytes decoded before the failure. */
export interface AnnotateError extends WireError {
  annotations: Annotation[];
}

/**
 * Annotations for a hex view: consecutive runs of bytes, each with its field path, wire type and value. They tile
 * the input; bytes after the message get a final `trailing bytes` annotation. On corrupt input it throws a WireError
 * whose `annotations` hold what was decoded up to the failure.
 */
export function annotate(kind: MessageKind | MessageSchema, version: number, bytes: Uint8Array, opts: DecodeOptions = {}): Annotation[] {
  const ann: Annotation[] = [];
  try {
    const { consumed } = run(kind, version, bytes, opts, ann);
    if (consumed < bytes.length) {
      ann.push({ offset: consumed, length: bytes.length - consumed, path: '', type: 'trailing bytes', display: `${bytes.length - consumed} bytes`, note: 'not part of the message' });
    }
    return ann;
  } catch (e) {
    if (e instanceof WireError) Object.assign(e, { annotations: ann });
    throw e;
  }
}

export { REQUEST_HEADER, RESPONSE_HEADER };

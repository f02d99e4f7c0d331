// The first check a request meets at the broker, before any RPC's own handling: an API the broker does
// not have, a version that is not a version number, or data that is not a JSON object (null, an array,
// a number, a BigInt, a cycle, …) is answered with Kafka's error code, never by a throw.
import type { Edition } from '../edition.ts';
import { errorCode, type ErrorName } from '../protocol/errors.ts';
import { RPC_NAMES } from '../scenario/rpc-names.ts';
import { MAX_PARTITIONS_PER_TOPIC } from '../limits.ts';

const RPCS: readonly string[] = RPC_NAMES;

export interface GateRejection {
  errorName: ErrorName;
  message: string;
}

/**
 * Why the request cannot reach its RPC's handler, or null when it can. Walks the data without recursion,
 * so a deeply nested value cannot overflow the stack.
 */
export function gateRequest(api: unknown, version: unknown, data: unknown): GateRejection | null {
  // ApiVersions: an API key or version the broker does not know is UNSUPPORTED_VERSION
  if (typeof api !== 'string' || !RPCS.includes(api)) return { errorName: 'UNSUPPORTED_VERSION', message: `The broker has no API ${describeValue(api)}.` };
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0 || version > 32767) {
    return { errorName: 'UNSUPPORTED_VERSION', message: `${api} version ${describeValue(version)} is not a version number (an int16 from 0).` };
  }
  // a request that does not parse as the RPC's message is INVALID_REQUEST
  const problem = notJsonObject(data) ?? (api === 'StreamsGroupHeartbeat' || api === 'StreamsGroupInitialize' ? topologyPartitions(data as Record<string, unknown>) : null);
  return problem === null ? null : { errorName: 'INVALID_REQUEST', message: `${api} v${version}: the request data ${problem}.` };
}

/** A topology's declared partition counts must be int32 counts within the playground's limit (src/core/limits.ts). */
export function topologyPartitions(data: Record<string, unknown>): string | null {
  const t = data.topology;
  const subs = Array.isArray(t) ? t : t !== null && typeof t === 'object' ? (t as Record<string, unknown>).subtopologies : null;
  if (!Array.isArray(subs)) return null;
  for (const sub of subs) {
    if (sub === null || typeof sub !== 'object') continue;
    for (const key of ['stateChangelogTopics', 'repartitionSourceTopics']) {
      const list = (sub as Record<string, unknown>)[key];
      if (!Array.isArray(list)) continue;
      for (const info of list) {
        const n = info !== null && typeof info === 'object' ? (info as Record<string, unknown>).partitions : undefined;
        if (n === undefined || (Number.isInteger(n) && (n as number) >= 0 && (n as number) <= MAX_PARTITIONS_PER_TOPIC)) continue;
        const name = JSON.stringify(String((info as Record<string, unknown>).name ?? ''));
        return `declares ${String(n)} partitions for topic ${name} (${key}), not a count from 0 to the playground's limit of ${MAX_PARTITIONS_PER_TOPIC.toLocaleString('en')}`;
      }
    }
  }
  return null;
}

/** Deeper than this, data is refused (the scenario parser allows 200 levels), so the walk below stays shallow. */
const MAX_DEPTH = 256;

/** What keeps `data` from being a JSON object (plain objects, arrays, strings, finite numbers, booleans, null inside), or null. */
function notJsonObject(data: unknown): string | null {
  if (!isPlainObject(data)) return `must be a JSON object, got ${describeValue(data)}`;
  // a value shared by two fields is checked once (done); one that contains itself is a cycle (onPath)
  const done = new Set<object>();
  const onPath = new Set<object>();
  const walk = (v: unknown, depth: number): string | null => {
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return null;
    if (typeof v === 'number') return Number.isFinite(v) ? null : `holds the number ${String(v)}, which JSON cannot carry`;
    if (!Array.isArray(v) && !isPlainObject(v)) return `holds ${describeValue(v)}, which is not a JSON value`;
    if (done.has(v)) return null;
    if (onPath.has(v)) return 'refers to itself (a cycle)';
    if (depth >= MAX_DEPTH) return `is nested deeper than ${MAX_DEPTH} levels`;
    onPath.add(v);
    for (const x of Array.isArray(v) ? v : Object.values(v)) {
      const problem = walk(x, depth + 1);
      if (problem !== null) return problem;
    }
    onPath.delete(v);
    done.add(v);
    return null;
  };
  return walk(data, 0);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
    case 'bigint':
      return `the BigInt ${v}n`;
    case 'number':
    case 'boolean':
      return String(v);
    case 'undefined':
      return 'undefined';
    case 'object':
      return `an object of class ${(v as object).constructor?.name ?? 'unknown'}`;
    default:
      return `a ${typeof v}`;
  }
}

/** The RPC's response to a request the gate refused: its error response for an empty request, carrying the code. */
export function gateResponse(edition: Edition, api: string, version: number, rejection: GateRejection): Record<string, unknown> {
  const code = errorCode(edition.wire, rejection.errorName);
  switch (api) {
    case 'StreamsGroupHeartbeat':
      // the version the request could not carry: v0-1, the versions every heartbeat reader knows
      return edition.heartbeatErrorResponse(code, rejection.message, Number.isInteger(version) ? Math.min(Math.max(version, 0), 1) : 1);
    case 'StreamsGroupDescribe':
      // per-group errors: no group can be read from the request
      return { throttleTimeMs: 0, groups: [] };
    case 'OffsetCommit':
      // per-partition errors: no partition can be read from the request
      return { throttleTimeMs: 0, topics: [] };
    default:
      return { throttleTimeMs: 0, errorCode: code, errorMessage: rejection.message };
  }
}

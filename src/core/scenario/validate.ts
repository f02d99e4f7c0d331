// Checks a parsed JSON document against the scenario format and fills its defaults, so the runner
// receives a complete Scenario. Every problem carries the JSON path and line:column of the value
// (or key) at fault; up to MAX_ERRORS problems are reported at once.
import { closestName } from '../util/closest.ts';
import { parseDumpLog } from '../interop/dumpLog.ts';
import { replay } from '../coordinator/replay.ts';
import type { Groups } from '../coordinator/groups.ts';
import { DEFAULT_PROTOCOL, editionNamed, editionNames } from '../editions/index.ts';
import { RECORD_API_KEYS, type CoordinatorRecord, type RecordType } from '../log/records.ts';
import { recordShapeProblem } from '../log/recordShape.ts';
import { offsetCommitValueProblem } from '../offsets/records.ts';
import { CONFIG_DEFS, Config, ConfigError } from '../config.ts';
import { ERROR_CODES, type Edition } from '../protocol/errors.ts';
import { ENDPOINT, f, type FieldSpec, type RequestFieldTable, type StructFields, type WireType } from './fieldSpec.ts';

export type { FieldSpec, StructFields, WireType } from './fieldSpec.ts';
import { INVARIANTS, type InvariantName } from '../invariants/types.ts';
import type { JsonEntry, JsonNode, ParseResult, Pos, ScenarioError } from './json.ts';
import { childPath, setOwn, toValue } from './json.ts';
import { hasOwnKey, ownValue } from '../util/own.ts';
import { MAX_PARTITIONS_PER_TOPIC, MAX_TASKS_PER_GROUP } from '../limits.ts';
import {
  SCENARIO_FORMAT_VERSION,
  VARIANTS,
  type ClientAction,
  type ClientProfile,
  type ClientSpec,
  type Expectation,
  type RpcName,
  type Scenario,
  type Step,
  type TopicsStep,
  type Variant,
} from './types.ts';
import { maxOf } from '../util/arrays.ts';
import { variantDefinition, variantsWithHeartbeatV2 } from '../variants/index.ts';
import { DEFAULT_KAFKA_RELEASE, firstReleaseWithConfig, KAFKA_RELEASES, releaseRules, SHIPPED_RELEASE, type KafkaRelease, type ReleaseRules, type VersionRange } from '../releases/index.ts';
import { RPC_NAMES } from './rpc-names.ts';
import { compileTopicRegex } from '../topology/topicRegex.ts';

export const MAX_ERRORS = 50;

export const CLIENT_PROFILES: readonly ClientProfile[] = ['java', 'partial'];
export const CLIENT_ACTIONS: readonly ClientAction[] = ['join', 'heartbeat', 'leave', 'crash', 'restart'];
export { RPC_NAMES };
export const STEP_ACTIONS = ['send', 'client', 'advance', 'run', 'failover', 'topics'] as const;
export const EXPECT_KEYS = ['response', 'error', 'group', 'groups', 'records', 'recordTypes', 'timers', 'topicsToCreate', 'violations', 'byVariant', 'byRelease'] as const;
/** Variants that exist for every built-in edition; the others are proposals against the shipped protocol. */
export const VARIANTS_FOR_BOTH_EDITIONS: readonly Variant[] = VARIANTS.filter((v) => editionNames().every((name) => editionNamed(name).variants.includes(v)));

/** The editions whose scenarios may choose the variant. */
function editionsWithVariant(v: Variant): string[] {
  return editionNames().filter((name) => editionNamed(name).variants.includes(v));
}

// ---------------------------------------------------------------------------------------------
// Request schemas in Kafka's JSON form (camelCase), per edition and version: each edition's `requestFields`.

/** The request fields of an edition (a registered "protocol" name), by RPC and version. */
export function requestFieldTable(edition: Edition): RequestFieldTable {
  return editionNamed(edition).requestFields;
}

/** Request fields for a scenario's edition and variant: a variant may add versions (the edition's `variantRequestFields`). */
export function requestFields(edition: Edition, variant: Variant, rpc: RpcName): readonly StructFields[] | undefined {
  const e = editionNamed(edition);
  const base = e.requestFields[rpc];
  return e.variantRequestFields ? e.variantRequestFields(variant, rpc, base) : base;
}

/** The version a `send` step uses when it gives none: the newest one of its edition (variants do not change it). */
export function defaultVersion(edition: Edition, rpc: RpcName): number {
  // StreamsGroupDescribe stays at v0 unless a step asks for v1 (KIP-1331's topology description is opt-in)
  if (rpc === 'StreamsGroupDescribe') return 0;
  // OffsetCommit and OffsetFetch stay at v9 (topics by name) unless a step asks for v10 (topics by topic id)
  if (rpc === 'OffsetCommit' || rpc === 'OffsetFetch') return Math.min(9, (requestFieldTable(edition)[rpc]?.length ?? 1) - 1);
  return Math.max(0, (requestFieldTable(edition)[rpc]?.length ?? 1) - 1);
}

/** A Uuid's JSON text: 21 base64url characters and a last one that carries 2 bits (its 4 padding bits zero). */
const UUID_TEXT = /^[A-Za-z0-9_-]{21}[AQgw]$/;

const INT_RANGES: Record<string, [number, number]> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  uint16: [0, 65535],
  int64: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

// ---------------------------------------------------------------------------------------------
// Error collection and node helpers.

class Problems {
  readonly list: ScenarioError[] = [];
  private dropped = 0;

  add(path: string, pos: Pos, message: string): void {
    if (this.list.length < MAX_ERRORS) this.list.push({ path, line: pos.line, column: pos.column, message });
    else this.dropped++;
  }

  /** The problems in document order. */
  result(): ScenarioError[] {
    const out = [...this.list].sort((a, b) => a.line - b.line || a.column - b.column);
    const last = out[out.length - 1];
    if (this.dropped > 0 && last) {
      out[out.length - 1] = { ...last, message: `${last.message} (and ${this.dropped} more problem${this.dropped === 1 ? '' : 's'} not shown)` };
    }
    return out;
  }
}

type ObjectNode = Extract<JsonNode, { kind: 'object' }>;

function describe(node: JsonNode): string {
  switch (node.kind) {
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'string':
      return `the string ${JSON.stringify(node.value.length > 40 ? node.value.slice(0, 40) + '…' : node.value)}`;
    case 'number':
      return `the number ${node.raw}`;
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
  }
}

function listOf(names: readonly string[]): string {
  return names.map((n) => JSON.stringify(n)).join(', ');
}

/** `"a"`, `"a" and "b"`, `"a", "b" and "c"` (`or` with `word`). */
function andList(names: readonly string[], word = 'and'): string {
  const q = names.map((n) => JSON.stringify(n));
  return q.length <= 1 ? q.join('') : `${q.slice(0, -1).join(', ')} ${word} ${q[q.length - 1]}`;
}

function orList(names: readonly string[]): string {
  return andList(names, 'or');
}

/** The editions whose scenarios name a Kafka release (the shipped protocol's). */
function releasedEditions(): string[] {
  return editionNames().filter((n) => editionNamed(n).hasReleases);
}

function get(node: ObjectNode, key: string): JsonEntry | undefined {
  return node.entries.find((e) => e.key === key);
}

class Checker {
  readonly p = new Problems();
  edition: Edition = DEFAULT_PROTOCOL;
  variant: Variant = 'current';
  /** The scenario's Kafka release (src/core/releases/): its request versions and configs. */
  release: ReleaseRules = SHIPPED_RELEASE;
  /** The registered editions' topology types: a field of one of them is a topology. */
  readonly topologyTypes = new Set<WireType>(editionNames().map((name) => editionNamed(name).topology.type));
  /** Every topology in the document (scenario, clients, requests), for the tasks-per-group limit. */
  readonly topologies: { path: string; node: JsonNode }[] = [];

  object(node: JsonNode, path: string, what: string): ObjectNode | null {
    if (node.kind === 'object') return node;
    this.p.add(path, node.pos, `${what} must be an object, got ${describe(node)}`);
    return null;
  }

  array(node: JsonNode, path: string, what: string): JsonNode[] | null {
    if (node.kind === 'array') return node.items;
    this.p.add(path, node.pos, `${what} must be an array, got ${describe(node)}`);
    return null;
  }

  string(node: JsonNode, path: string, what: string, opts: { nonEmpty?: boolean } = {}): string | null {
    if (node.kind !== 'string') {
      this.p.add(path, node.pos, `${what} must be a string, got ${describe(node)}`);
      return null;
    }
    if (opts.nonEmpty && node.value.trim() === '') {
      this.p.add(path, node.pos, `${what} must not be empty`);
      return null;
    }
    return node.value;
  }

  int(node: JsonNode, path: string, what: string, min: number, max: number, typeName = 'a whole number'): number | null {
    if (node.kind !== 'number' || !Number.isInteger(node.value)) {
      this.p.add(path, node.pos, `${what} must be ${typeName}, got ${describe(node)}`);
      return null;
    }
    if (!Number.isSafeInteger(node.value)) {
      this.p.add(path, node.pos, `${what} is ${node.raw}, beyond ±9007199254740991 (2^53-1), which the playground cannot represent exactly`);
      return null;
    }
    if (node.value < min || node.value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
      this.p.add(path, node.pos, `${what} must be ${range}, got ${node.raw}`);
      return null;
    }
    return node.value;
  }

  /** A topic's partition count: an int32 from 1, at most the playground's limit. */
  partitionCount(node: JsonNode, path: string, what: string): number | null {
    const v = this.int(node, path, what, 1, 2147483647);
    if (v === null || v <= MAX_PARTITIONS_PER_TOPIC) return v;
    this.p.add(path, node.pos, `${what} is ${v}, above the playground's limit of ${MAX_PARTITIONS_PER_TOPIC.toLocaleString('en')} partitions per topic`);
    return null;
  }

  oneOf<T extends string>(node: JsonNode, path: string, what: string, allowed: readonly T[]): T | null {
    if (node.kind === 'string' && (allowed as readonly string[]).includes(node.value)) return node.value as T;
    this.p.add(path, node.pos, `${what} must be one of ${listOf(allowed)}, got ${describe(node)}`);
    return null;
  }

  /** Reports keys outside `allowed` at the key's position. */
  knownKeys(node: ObjectNode, path: string, allowed: readonly string[], where: string, hint?: (key: string) => string | null): void {
    for (const e of node.entries) {
      if (allowed.includes(e.key)) continue;
      const extra = hint?.(e.key);
      const near = extra ? null : closestName(e.key, allowed);
      const msg = extra ?? `Unknown field ${JSON.stringify(e.key)} in ${where}; ${near ? `did you mean ${JSON.stringify(near)}? ` : ''}known fields: ${allowed.join(', ')}`;
      this.p.add(childPath(path, e.key), e.keyPos, msg);
    }
  }

  required(node: ObjectNode, path: string, key: string, where: string): JsonEntry | null {
    const e = get(node, key);
    if (!e) this.p.add(path, node.pos, `${where} is missing the required field ${JSON.stringify(key)}`);
    return e ?? null;
  }

  // ---- Kafka JSON values -------------------------------------------------------------------

  wire(node: JsonNode, path: string, spec: FieldSpec, what: string, where: string): void {
    if (this.topologyTypes.has(spec.type)) this.topologies.push({ path, node });
    if (node.kind === 'null') {
      if (!spec.nullable) this.p.add(path, node.pos, `${what} cannot be null in ${where}`);
      return;
    }
    const before = this.p.list.length;
    this.wireType(node, path, spec.type, what, where);
    if (spec.max !== undefined && this.p.list.length === before && node.kind === 'number' && node.value > spec.max) {
      this.p.add(path, node.pos, `${what} is ${node.raw}, above the playground's limit of ${spec.max.toLocaleString('en')}`);
    }
  }

  private wireType(node: JsonNode, path: string, type: WireType, what: string, where: string): void {
    switch (type.t) {
      case 'string':
        this.string(node, path, what);
        return;
      case 'bool':
        if (node.kind !== 'boolean') this.p.add(path, node.pos, `${what} must be true or false, got ${describe(node)}`);
        return;
      case 'uuid':
        // Kafka's JSON prints a Uuid as Uuid.toString: 16 bytes in URL-safe base64 without padding
        if (node.kind !== 'string' || !UUID_TEXT.test(node.value))
          this.p.add(
            path,
            node.pos,
            `${what} must be a topic id: 22 URL-safe base64 characters as Kafka prints a Uuid (e.g. "AAAAAAAAAAAAAAAAAAAAAA", the zero id), got ${describe(node)}; the narration of a v10 request with an unknown id lists the cluster's topic ids`,
          );
        return;
      case 'array': {
        const items = this.array(node, path, what);
        items?.forEach((item, i) => {
          if (item.kind === 'null') this.p.add(childPath(path, i), item.pos, `${what}[${i}] cannot be null`);
          else this.wireType(item, childPath(path, i), type.of, `${what}[${i}]`, where);
        });
        return;
      }
      case 'struct': {
        const obj = this.object(node, path, what);
        if (obj) this.struct(obj, path, type.fields, `${type.name} (${path})`);
        return;
      }
      default: {
        const [min, max] = INT_RANGES[type.t] ?? [0, 0];
        this.int(node, path, what, min, max, `an ${type.t}`);
      }
    }
  }

  struct(node: ObjectNode, path: string, fields: StructFields, where: string, hint?: (key: string) => string | null): void {
    this.knownKeys(node, path, Object.keys(fields), where, hint);
    for (const e of node.entries) {
      const spec = ownValue(fields, e.key);
      if (spec) this.wire(e.value, childPath(path, e.key), spec, e.key, where);
    }
  }

  topology(node: JsonNode, path: string): void {
    const shape = editionNamed(this.edition).topology;
    this.wire(node, path, { type: shape.type }, 'topology', shape.description);
  }
}

// ---------------------------------------------------------------------------------------------
// The document.

const TOP_LEVEL_KEYS = [
  '$schema',
  'format',
  'title',
  'notes',
  'protocol',
  'variant',
  'kafka',
  'config',
  'groupId',
  'topics',
  'topology',
  'clients',
  'initialLog',
  'steps',
  'invariants',
  'checkVariants',
  'checkReleases',
  'explore',
];
const CLIENT_KEYS = ['profile', 'processId', 'instanceId', 'rackId', 'memberId', 'rebalanceTimeoutMs', 'topology', 'clientTags', 'userEndpoint', 'commitIntervalMs', 'clientId', 'clientHost'];

/** Validates a parsed document and returns the complete Scenario, or every problem found. */
export function validateScenario(root: JsonNode): ParseResult {
  const c = new Checker();
  const doc = c.object(root, '$', 'A scenario');
  if (!doc) return { ok: false, errors: c.p.result() };

  // format first: a newer format may have fields this program does not know, so stop there.
  let format = SCENARIO_FORMAT_VERSION;
  const fe = get(doc, 'format');
  if (fe) {
    const v = c.int(fe.value, '$.format', 'format', 1, Number.MAX_SAFE_INTEGER);
    if (v !== null && v > SCENARIO_FORMAT_VERSION) {
      return {
        ok: false,
        errors: [
          {
            path: '$.format',
            line: fe.value.pos.line,
            column: fe.value.pos.column,
            message: `This scenario uses format version ${v}; this program knows version ${SCENARIO_FORMAT_VERSION}. Update the playground.`,
          },
        ],
      };
    }
    if (v !== null) format = v;
  }

  c.knownKeys(doc, '$', TOP_LEVEL_KEYS, 'the scenario');

  const str = (key: string): string | undefined => {
    const e = get(doc, key);
    return e ? (c.string(e.value, childPath('$', key), key) ?? undefined) : undefined;
  };
  const $schema = get(doc, '$schema');
  if ($schema) c.string($schema.value, '$["$schema"]', '$schema');
  const title = str('title');
  const notes = str('notes');

  const pe = get(doc, 'protocol');
  const protocol: Edition = (pe && c.oneOf(pe.value, '$.protocol', 'protocol', editionNames())) || DEFAULT_PROTOCOL;
  c.edition = protocol;

  let variant: Variant = 'current';
  const ve = get(doc, 'variant');
  if (ve) {
    const v = c.oneOf(ve.value, '$.variant', 'variant', VARIANTS);
    if (v && !editionNamed(protocol).variants.includes(v)) {
      c.p.add(
        '$.variant',
        ve.value.pos,
        `variant ${JSON.stringify(v)} is a proposal for protocol ${orList(editionsWithVariant(v))}; with protocol ${JSON.stringify(protocol)} use ${listOf(editionNamed(protocol).variants)}`,
      );
    } else if (v) variant = v;
  }
  c.variant = variant;

  let kafka: KafkaRelease | undefined;
  const ke = get(doc, 'kafka');
  if (ke) {
    const k = c.oneOf(ke.value, '$.kafka', 'kafka', KAFKA_RELEASES);
    // a release is a shipped broker's: the draft design has none
    if (k && !editionNamed(protocol).hasReleases)
      c.p.add('$.kafka', ke.value.pos, `kafka chooses a released broker of protocol ${orList(releasedEditions())}; protocol ${JSON.stringify(protocol)} has no releases`);
    else if (k) kafka = k;
    // a KAFKA-20870 variant is a proposal against the newest release's coordinator
    if (kafka && kafka !== DEFAULT_KAFKA_RELEASE && variant !== 'current')
      c.p.add('$.kafka', ke.value.pos, `variant ${JSON.stringify(variant)} is a proposal against Kafka ${DEFAULT_KAFKA_RELEASE}; with kafka ${JSON.stringify(kafka)} use variant "current"`);
  }
  if (kafka) c.release = releaseRules(kafka);

  const config = configOf(c, get(doc, 'config'));

  let groupId = 'app';
  const ge = get(doc, 'groupId');
  if (ge) groupId = c.string(ge.value, '$.groupId', 'groupId', { nonEmpty: true }) ?? groupId;

  const topicsEntry = get(doc, 'topics');
  const topics = topicsEntry ? topicList(c, topicsEntry.value, '$.topics', 'topics') : [];

  const te = get(doc, 'topology');
  if (te) c.topology(te.value, '$.topology');

  const clients = clientsOf(c, get(doc, 'clients'));

  const ile = get(doc, 'initialLog');
  const initialLog = ile ? initialLogOf(c, ile.value, protocol) : undefined;

  const steps: Step[] = [];
  const se = get(doc, 'steps');
  if (se) {
    const items = c.array(se.value, '$.steps', 'steps');
    items?.forEach((item, i) => {
      const s = stepOf(c, item, childPath('$.steps', i), clients);
      if (s) steps.push(s);
    });
  }

  let invariants: Scenario['invariants'];
  const ie = get(doc, 'invariants');
  if (ie) {
    const obj = c.object(ie.value, '$.invariants', 'invariants');
    if (obj) {
      c.knownKeys(obj, '$.invariants', ['stableWithinMs'], 'invariants');
      const se2 = get(obj, 'stableWithinMs');
      const n = se2 ? toValue(se2.value) : undefined;
      if (se2 && (typeof n !== 'number' || !Number.isInteger(n) || n < 0))
        c.p.add('$.invariants.stableWithinMs', se2.value.pos, 'invariants.stableWithinMs must be a whole number of milliseconds, at least 0');
      else invariants = n === undefined ? {} : { stableWithinMs: n as number };
    }
  }
  let checkVariants: Variant[] | undefined;
  const cve = get(doc, 'checkVariants');
  if (cve) {
    const items = c.array(cve.value, '$.checkVariants', 'checkVariants');
    const vs: Variant[] = [];
    items?.forEach((it, i) => {
      const v = c.oneOf(it, childPath('$.checkVariants', i), `checkVariants[${i}]`, VARIANTS);
      if (v && !editionNamed(protocol).variants.includes(v)) c.p.add(childPath('$.checkVariants', i), it.pos, `variant ${JSON.stringify(v)} needs protocol ${orList(editionsWithVariant(v))}`);
      else if (v) vs.push(v);
    });
    checkVariants = vs;
  }

  let checkReleases: KafkaRelease[] | undefined;
  const cre = get(doc, 'checkReleases');
  if (cre) {
    const items = c.array(cre.value, '$.checkReleases', 'checkReleases');
    if (items && !editionNamed(protocol).hasReleases)
      c.p.add('$.checkReleases', cre.value.pos, `checkReleases names released brokers of protocol ${orList(releasedEditions())}; protocol ${JSON.stringify(protocol)} has no releases`);
    else if (items) {
      const rs: KafkaRelease[] = [];
      items.forEach((it, i) => {
        const r = c.oneOf(it, childPath('$.checkReleases', i), `checkReleases[${i}]`, KAFKA_RELEASES);
        if (r && rs.includes(r)) c.p.add(childPath('$.checkReleases', i), it.pos, `checkReleases names ${r} twice`);
        else if (r) rs.push(r);
      });
      checkReleases = rs;
    }
  }

  let explore: Scenario['explore'];
  const xe = get(doc, 'explore');
  if (xe) {
    const obj = c.object(xe.value, '$.explore', 'explore');
    if (obj) {
      c.knownKeys(obj, '$.explore', ['partialReports', 'topicChanges'], 'explore');
      explore = {};
      const pr = get(obj, 'partialReports');
      if (pr) {
        const items = c.array(pr.value, '$.explore.partialReports', 'explore.partialReports') ?? [];
        explore.partialReports = items.map((it, i) => {
          const alias = c.string(it, childPath('$.explore.partialReports', i), `partialReports[${i}]`) ?? '';
          if (!hasOwnKey(clients, alias)) c.p.add(childPath('$.explore.partialReports', i), it.pos, `No client ${JSON.stringify(alias)} is declared in $.clients`);
          return alias;
        });
      }
      const tc = get(obj, 'topicChanges');
      if (tc) {
        const items = c.array(tc.value, '$.explore.topicChanges', 'explore.topicChanges') ?? [];
        explore.topicChanges = items.map((it, i) => topicsChangeOf(c, it, childPath('$.explore.topicChanges', i)) ?? {});
      }
    }
  }

  if (c.p.list.length === 0) taskLimit(c, topics, steps, explore);
  if (editionNamed(protocol).matchesTopicRegexes) unmatchableTopicRegexes(c, root);
  const errors = c.p.result();
  if (errors.length > 0) return { ok: false, errors };
  const scenario: Scenario = { format, protocol, variant, config, groupId, topics, clients, steps };
  if (kafka) scenario.kafka = kafka;
  if (explore) scenario.explore = explore;
  if (invariants) scenario.invariants = invariants;
  if (checkVariants) scenario.checkVariants = checkVariants;
  if (checkReleases) scenario.checkReleases = checkReleases;
  if (title !== undefined) scenario.title = title;
  if (notes !== undefined) scenario.notes = notes;
  if (te) scenario.topology = toValue(te.value);
  if (initialLog && initialLog.length > 0) scenario.initialLog = initialLog;
  return { ok: true, scenario };
}

/**
 * `initialLog`: records in Kafka's JSON form (a list of {type, key, value}) or pasted `kafka-dump-log --offsets-decoder`
 * output (a string), replayed before step 0. Every record must replay: the first that does not is reported.
 */
function initialLogOf(c: Checker, node: JsonNode, edition: Edition): CoordinatorRecord[] | undefined {
  const path = '$.initialLog';
  const records: { record: CoordinatorRecord; path: string; pos: JsonNode['pos'] }[] = [];
  if (node.kind === 'string') {
    const parsed = parseDumpLog(node.value, edition);
    if (!parsed.ok) {
      c.p.add(path, node.pos, `line ${parsed.line} of the pasted kafka-dump-log output: ${parsed.message}`);
      return undefined;
    }
    for (const r of parsed.records) records.push({ record: { type: r.type, key: r.key, value: r.value }, path: `${path} (dump line ${r.line})`, pos: node.pos });
  } else {
    const items = c.array(node, path, 'initialLog (a list of records {type, key, value}, or pasted kafka-dump-log --offsets-decoder output as a string)');
    if (!items) return undefined;
    items.forEach((it, i) => {
      const p = childPath(path, i);
      const obj = c.object(it, p, 'a record {type, key, value}');
      if (!obj) return;
      c.knownKeys(obj, p, ['type', 'key', 'value'], 'a record');
      const t = get(obj, 'type');
      const type = t ? c.oneOf(t.value, childPath(p, 'type'), 'type', Object.keys(RECORD_API_KEYS) as RecordType[]) : null;
      if (!t) c.p.add(p, it.pos, 'a record needs "type", "key" and "value" (null for a tombstone)');
      const k = get(obj, 'key');
      const key = k ? c.object(k.value, childPath(p, 'key'), 'key') : null;
      if (!k) c.p.add(p, it.pos, 'a record needs a "key" object');
      const v = get(obj, 'value');
      if (!v) c.p.add(p, it.pos, 'a record needs a "value": an object, or null for a tombstone');
      const value = v && v.value.kind !== 'null' ? c.object(v.value, childPath(p, 'value'), 'value (an object, or null for a tombstone)') : null;
      if (type && key && v && (v.value.kind === 'null' || value)) {
        records.push({ record: { type, key: toValue(key) as Record<string, unknown>, value: v.value.kind === 'null' ? null : (toValue(v.value) as Record<string, unknown>) }, path: p, pos: it.pos });
      }
    });
  }
  // the records must load: each has the shape Kafka's record schema declares, and replays as a coordinator loading
  // the partition would
  for (const r of records) {
    const problem = recordShapeProblem(editionNamed(edition).recordSchemas, r.record.type, r.record.key, r.record.value);
    if (problem !== null) {
      c.p.add(`${r.path}.${problem.path}`, r.pos, `${problem.message}: the ${r.record.type} record schema refuses it, so a coordinator could not load this record`);
      return undefined;
    }
    // an OffsetCommit value's fields must fit the one value version Kafka would write it in
    const versionProblem = r.record.type === 'OffsetCommit' && r.record.value !== null ? offsetCommitValueProblem(r.record.value) : null;
    if (versionProblem !== null) {
      c.p.add(`${r.path}.${versionProblem.path}`, r.pos, versionProblem.message);
      return undefined;
    }
  }
  const groups: Groups = new Map();
  for (const r of records) {
    try {
      replay(groups, r.record, editionNamed(edition));
    } catch (e) {
      c.p.add(r.path, r.pos, `replaying this record fails (${e instanceof Error ? e.message : String(e)}); the initial log must be a partition a coordinator can load`);
      return undefined;
    }
  }
  return records.map((r) => r.record);
}

/**
 * The tasks-per-group limit: a subtopology has as many tasks as the largest partition count among the
 * topics it reads, at most the largest count the scenario ever gives those topics (regex sources and
 * derived repartition topics count as the largest topic of the scenario).
 */
function taskLimit(c: Checker, topics: { name: string; partitions: number }[], steps: Step[], explore: Scenario['explore']): void {
  const most = new Map<string, number>();
  const note = (name: string, n: number) => most.set(name, Math.max(most.get(name) ?? 0, n));
  const change = (t: NonNullable<TopicsStep['topics']>) => {
    for (const x of t.create ?? []) note(x.name, x.partitions);
    for (const [name, n] of Object.entries(t.partitions ?? {})) note(name, n);
  };
  for (const t of topics) note(t.name, t.partitions);
  for (const s of steps) if ('topics' in s && s.topics) change(s.topics);
  for (const t of explore?.topicChanges ?? []) change(t);
  const largest = maxOf(most.values(), (n) => n, 0);
  for (const { path, node } of c.topologies) {
    const value = toValue(node);
    const subs = Array.isArray(value) ? value : (value as { subtopologies?: unknown } | null)?.subtopologies;
    if (!Array.isArray(subs)) continue;
    let tasks = 0;
    for (const sub of subs as { sourceTopics?: string[]; sourceTopicRegex?: string[]; repartitionSourceTopics?: { name: string; partitions?: number }[] }[]) {
      let n = (sub.sourceTopicRegex ?? []).length > 0 ? largest : 0;
      for (const t of sub.sourceTopics ?? []) n = Math.max(n, most.get(t) ?? 0);
      for (const t of sub.repartitionSourceTopics ?? []) n = Math.max(n, t.partitions || most.get(t.name) || largest);
      tasks += n;
    }
    if (tasks > MAX_TASKS_PER_GROUP) {
      c.p.add(
        path,
        node.pos,
        `This topology has up to ${tasks.toLocaleString('en')} tasks with the scenario's topics, above the playground's limit of ${MAX_TASKS_PER_GROUP.toLocaleString('en')} tasks per group`,
      );
    }
  }
}

/**
 * Source-topic regexes the playground cannot match as Kafka does (issue 22 item 1; topicRegex.ts): a construct Java's
 * Pattern accepts but that has no linear-time match, or that RE2 reads differently, is refused where it stands, with
 * the reason, in every sourceTopicRegex list of the document (requests, clients, initialLog records). Patterns no
 * engine accepts stay valid input: the broker answers them as Kafka does (STREAMS_INVALID_TOPOLOGY).
 */
function unmatchableTopicRegexes(c: Checker, root: JsonNode): void {
  // iterative: a document may nest deeper than the call stack
  const todo: { node: JsonNode; path: string }[] = [{ node: root, path: '$' }];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    const { node, path } = next;
    if (node.kind === 'array') node.items.forEach((item, i) => todo.push({ node: item, path: childPath(path, i) }));
    if (node.kind !== 'object') continue;
    for (const e of node.entries) {
      const at = childPath(path, e.key);
      if (e.key === 'sourceTopicRegex' && e.value.kind === 'array') {
        e.value.items.forEach((item, i) => {
          if (item.kind !== 'string') return;
          const compiled = compileTopicRegex(item.value);
          if (!compiled.ok && compiled.kind === 'unsupported') {
            c.p.add(
              childPath(at, i),
              item.pos,
              `the regex ${JSON.stringify(item.value)} uses ${compiled.reason}: Kafka's java.util.regex accepts it, but the playground matches topic regexes in linear time (RE2) and refuses it rather than answer otherwise than Kafka`,
            );
          }
        });
      } else todo.push({ node: e.value, path: at });
    }
  }
}

function configOf(c: Checker, e: JsonEntry | undefined): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  if (!e) return out;
  const obj = c.object(e.value, '$.config', 'config');
  if (!obj) return out;
  for (const entry of obj.entries) {
    const path = childPath('$.config', entry.key);
    const def = CONFIG_DEFS.find((d) => d.name === entry.key);
    if (!def) {
      const near = CONFIG_DEFS.filter((d) => d.name.endsWith(entry.key.split('.').slice(-2).join('.'))).map((d) => d.name);
      const hint = near.length > 0 ? `; did you mean ${listOf(near.slice(0, 3))}?` : '';
      c.p.add(path, entry.keyPos, `Unknown config ${JSON.stringify(entry.key)}${hint}`);
      continue;
    }
    // a config the scenario's release does not have (GroupCoordinatorConfig of that release)
    if (hasOwnKey(c.release.absentConfigs, entry.key)) {
      const since = firstReleaseWithConfig(entry.key);
      c.p.add(path, entry.keyPos, `config ${JSON.stringify(entry.key)} is not in Kafka ${c.release.release}${since ? `; it came with ${since}` : ''}`);
      continue;
    }
    const raw = toValue(entry.value);
    try {
      const cfg = Config.from({ [entry.key]: raw });
      out[entry.key] = def.type === 'int' || def.type === 'long' ? cfg.int(entry.key) : cfg.str(entry.key);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      c.p.add(path, entry.value.pos, `${err.message}, got ${describe(entry.value)}`);
    }
  }
  return out;
}

function topicList(c: Checker, node: JsonNode, path: string, what: string): { name: string; partitions: number }[] {
  const out: { name: string; partitions: number }[] = [];
  const items = c.array(node, path, what);
  const seen = new Set<string>();
  items?.forEach((item, i) => {
    const ipath = childPath(path, i);
    const obj = c.object(item, ipath, `${what}[${i}]`);
    if (!obj) return;
    c.knownKeys(obj, ipath, ['name', 'partitions'], `a topic (${ipath})`);
    const ne = c.required(obj, ipath, 'name', `The topic ${ipath}`);
    const pe = c.required(obj, ipath, 'partitions', `The topic ${ipath}`);
    const name = ne ? c.string(ne.value, childPath(ipath, 'name'), 'name', { nonEmpty: true }) : null;
    const partitions = pe ? c.partitionCount(pe.value, childPath(ipath, 'partitions'), 'partitions') : null;
    if (name !== null && ne) {
      if (seen.has(name)) c.p.add(childPath(ipath, 'name'), ne.value.pos, `Topic ${JSON.stringify(name)} is listed twice`);
      seen.add(name);
    }
    if (name !== null && partitions !== null) out.push({ name, partitions });
  });
  return out;
}

function clientsOf(c: Checker, e: JsonEntry | undefined): Record<string, ClientSpec> {
  const out: Record<string, ClientSpec> = {};
  if (!e) return out;
  const obj = c.object(e.value, '$.clients', 'clients');
  if (!obj) return out;
  for (const entry of obj.entries) {
    const path = childPath('$.clients', entry.key);
    if (entry.key.trim() === '') {
      c.p.add(path, entry.keyPos, 'A client alias must not be empty');
      continue;
    }
    const spec = clientOf(c, entry.value, path, entry.key);
    if (spec) setOwn(out, entry.key, spec);
  }
  return out;
}

function clientOf(c: Checker, node: JsonNode, path: string, alias: string): ClientSpec | null {
  const obj = c.object(node, path, `client ${JSON.stringify(alias)}`);
  if (!obj) return null;
  c.knownKeys(obj, path, CLIENT_KEYS, `client ${JSON.stringify(alias)}`);
  const spec: ClientSpec = { profile: 'java' };
  for (const e of obj.entries) {
    const p = childPath(path, e.key);
    const v = e.value;
    switch (e.key) {
      case 'profile':
        spec.profile = c.oneOf(v, p, 'profile', CLIENT_PROFILES) ?? 'java';
        break;
      case 'processId':
        spec.processId = c.string(v, p, 'processId') ?? '';
        break;
      case 'instanceId':
      case 'rackId':
        spec[e.key] = v.kind === 'null' ? null : c.string(v, p, e.key, { nonEmpty: true });
        break;
      case 'memberId':
        spec.memberId = c.string(v, p, 'memberId', { nonEmpty: true }) ?? '';
        break;
      case 'clientId':
      case 'clientHost': {
        const s = c.string(v, p, e.key);
        if (s !== null) spec[e.key] = s;
        break;
      }
      case 'rebalanceTimeoutMs':
        spec.rebalanceTimeoutMs = c.int(v, p, 'rebalanceTimeoutMs', 0, 2147483647) ?? 0;
        break;
      case 'commitIntervalMs': {
        const ms = c.int(v, p, 'commitIntervalMs', 1, 2147483647);
        if (ms !== null) spec.commitIntervalMs = ms;
        break;
      }
      case 'topology':
        c.topology(v, p);
        spec.topology = toValue(v);
        break;
      case 'clientTags': {
        const tags = c.object(v, p, 'clientTags');
        const out: Record<string, string> = {};
        for (const t of tags?.entries ?? []) setOwn(out, t.key, c.string(t.value, childPath(p, t.key), `client tag ${JSON.stringify(t.key)}`) ?? '');
        spec.clientTags = out;
        break;
      }
      case 'userEndpoint':
        if (v.kind === 'null') spec.userEndpoint = null;
        else {
          c.wire(v, p, f(ENDPOINT), 'userEndpoint', `client ${JSON.stringify(alias)}`);
          spec.userEndpoint = toValue(v) as { host: string; port: number };
        }
        break;
    }
  }
  return spec;
}

// ---- steps -----------------------------------------------------------------------------------

const ACTION_KEYS: Record<(typeof STEP_ACTIONS)[number], readonly string[]> = {
  send: ['send', 'version', 'member', 'data', 'clientId', 'clientHost', 'coordinator'],
  client: ['client', 'do'],
  advance: ['advance'],
  run: ['run'],
  failover: ['failover'],
  topics: ['topics'],
};

function stepOf(c: Checker, node: JsonNode, path: string, clients: Record<string, ClientSpec>): Step | null {
  const obj = c.object(node, path, 'A step');
  if (!obj) return null;
  const actions = STEP_ACTIONS.filter((a) => get(obj, a) !== undefined);
  const [action] = actions;
  if (action === undefined) {
    const unknown = obj.entries.filter((e) => e.key !== 'label' && e.key !== 'expect');
    c.p.add(path, obj.pos, `A step needs exactly one action (${STEP_ACTIONS.join(', ')}); this one has none`);
    for (const e of unknown) {
      const near = closestName(e.key, STEP_ACTIONS);
      c.p.add(childPath(path, e.key), e.keyPos, `Unknown field ${JSON.stringify(e.key)} in a step${near ? `; did you mean ${JSON.stringify(near)}?` : ''}`);
    }
    return null;
  }
  if (actions.length > 1) {
    const second = get(obj, actions[1] ?? '');
    c.p.add(path, second?.keyPos ?? obj.pos, `A step has exactly one action; this one has ${actions.join(' and ')}`);
    return null;
  }
  const allowed = ['label', 'expect', ...ACTION_KEYS[action]];
  c.knownKeys(obj, path, allowed, `a ${action} step`, (key) => {
    const owner = STEP_ACTIONS.find((a) => ACTION_KEYS[a].includes(key));
    return owner ? `Field ${JSON.stringify(key)} belongs to ${owner} steps, not to a ${action} step` : null;
  });

  const base: { label?: string; expect?: Expectation } = {};
  const le = get(obj, 'label');
  if (le) {
    const l = c.string(le.value, childPath(path, 'label'), 'label');
    if (l !== null) base.label = l;
  }
  const ee = get(obj, 'expect');
  if (ee) {
    const x = expectationOf(c, ee.value, childPath(path, 'expect'));
    if (x) base.expect = x;
  }

  const at = (key: string): string => childPath(path, key);
  const entry = get(obj, action);
  if (!entry) return null;
  const v = entry.value;

  switch (action) {
    case 'send':
      return sendStep(c, obj, path, base);
    case 'client': {
      const alias = c.string(v, at('client'), 'client');
      if (alias !== null && !hasOwnKey(clients, alias)) {
        const declared = Object.keys(clients);
        c.p.add(at('client'), v.pos, `No client ${JSON.stringify(alias)} is declared in $.clients${declared.length ? ` (declared: ${declared.join(', ')})` : ''}`);
      }
      const de = c.required(obj, path, 'do', 'A client step');
      const what = de ? c.oneOf(de.value, at('do'), 'do', CLIENT_ACTIONS) : null;
      return alias !== null && what ? { ...base, client: alias, do: what } : null;
    }
    case 'advance': {
      const ms = c.int(v, at('advance'), 'advance (ms)', 0, Number.MAX_SAFE_INTEGER);
      return ms === null ? null : { ...base, advance: ms };
    }
    case 'run': {
      const run = runOf(c, v, at('run'));
      return run ? { ...base, run } : null;
    }
    case 'failover': {
      if (v.kind === 'object') {
        // { "loadMs": N }: the new coordinator takes N ms to load the partition
        c.knownKeys(v, at('failover'), ['loadMs'], 'failover');
        const le = get(v, 'loadMs');
        const loadMs = le ? c.int(le.value, childPath(at('failover'), 'loadMs'), 'failover.loadMs', 0, 2147483647) : 0;
        return loadMs === null ? null : { ...base, failover: { loadMs } };
      }
      if (v.kind !== 'boolean' || !v.value) {
        c.p.add(at('failover'), v.pos, `failover must be true or {"loadMs": N}, got ${describe(v)}`);
        return null;
      }
      return { ...base, failover: true };
    }
    case 'topics': {
      const t = topicsChangeOf(c, v, at('topics'));
      return t ? { ...base, topics: t } : null;
    }
  }
}

function sendStep(c: Checker, obj: ObjectNode, path: string, base: { label?: string; expect?: Expectation }): Step | null {
  const se = get(obj, 'send');
  if (!se) return null;
  const rpc = c.oneOf(se.value, childPath(path, 'send'), 'send', RPC_NAMES);
  if (!rpc) return null;
  const versions = requestFields(c.edition, c.variant, rpc);
  if (!versions) {
    const other = editionNames().filter((e) => requestFieldTable(e)[rpc]);
    c.p.add(childPath(path, 'send'), se.value.pos, `${rpc} does not exist in protocol ${JSON.stringify(c.edition)}; it belongs to ${listOf(other)}`);
    return null;
  }
  // a release older than the newest has fewer versions of the streams group RPCs (src/core/releases/)
  const releaseRange = rpc === 'StreamsGroupHeartbeat' || rpc === 'StreamsGroupDescribe' ? (c.release !== SHIPPED_RELEASE ? c.release.versions[rpc] : null) : null;
  let version = releaseRange ? Math.min(defaultVersion(c.edition, rpc), releaseRange[1]) : defaultVersion(c.edition, rpc);
  const vEntry = get(obj, 'version');
  if (vEntry) {
    const v = c.int(vEntry.value, childPath(path, 'version'), 'version', 0, Number.MAX_SAFE_INTEGER);
    if (v === null) return null;
    if (releaseRange && v > releaseRange[1] && v < versions.length) {
      const has = releaseRange[0] === releaseRange[1] ? `v${releaseRange[0]}` : `v${releaseRange[0]}–v${releaseRange[1]}`;
      c.p.add(childPath(path, 'version'), vEntry.value.pos, `${rpc} v${v} is not in Kafka ${c.release.release}; it has ${has}`);
      return null;
    }
    if (v >= versions.length) {
      const range = versions.length === 1 ? 'only version 0' : `versions 0–${versions.length - 1}`;
      const forVariant = versions.length !== requestFieldTable(c.edition)[rpc]?.length ? ` with variant ${JSON.stringify(c.variant)}` : '';
      // KAFKA-20870: where the heartbeat version follows the variant, some variants add v2
      const hint =
        editionNamed(c.edition).heartbeatVersionFollowsVariant && rpc === 'StreamsGroupHeartbeat' && v === 2 && !forVariant
          ? ` (v2 exists only with variants ${andList(variantsWithHeartbeatV2())})`
          : '';
      c.p.add(childPath(path, 'version'), vEntry.value.pos, `${rpc} has ${range} in protocol ${JSON.stringify(c.edition)}${forVariant}, got ${v}${hint}`);
      return null;
    }
    version = v;
  }
  const step: Step = { ...base, send: rpc, version, data: {} };
  const ce = get(obj, 'coordinator');
  if (ce && c.oneOf(ce.value, childPath(path, 'coordinator'), 'coordinator', ['old'] as const)) step.coordinator = 'old';
  for (const key of ['clientId', 'clientHost'] as const) {
    const ce = get(obj, key);
    const s = ce ? c.string(ce.value, childPath(path, key), key) : null;
    if (s !== null) step[key] = s;
  }
  const me = get(obj, 'member');
  if (me) {
    const m = c.string(me.value, childPath(path, 'member'), 'member', { nonEmpty: true });
    if (m !== null) step.member = m;
  }
  const de = get(obj, 'data');
  if (de) {
    const dpath = childPath(path, 'data');
    const data = c.object(de.value, dpath, 'data');
    const fields = versions[version];
    if (data && fields) {
      const where = `${rpc} v${version} (${c.edition})`;
      c.struct(data, dpath, fields, where, (key) => {
        if (versions.some((fs) => hasOwnKey(fs, key))) {
          if (variantDefinition(c.variant).heartbeat.v2 === 'nested' && version === 2) {
            return `Field ${JSON.stringify(key)} is not in StreamsGroupHeartbeat v2 of variant ${JSON.stringify(c.variant)}; send the owned tasks as "ownedTasks": {"activeTasks": [], "standbyTasks": [], "warmupTasks": []}`;
          }
          // a field of a version the scenario's release does not have: name the release that brought it
          const since = releaseRange ? versions.findIndex((fs) => hasOwnKey(fs, key)) : -1;
          if (releaseRange && since > releaseRange[1]) {
            const first = KAFKA_RELEASES.find((k) => (releaseRules(k).versions as Record<string, VersionRange>)[rpc]![1] >= since);
            return `Field ${JSON.stringify(key)} is not in Kafka ${c.release.release}'s ${rpc} (v${releaseRange[0] === releaseRange[1] ? releaseRange[0] : `${releaseRange[0]}–v${releaseRange[1]}`}); it came with v${since}${first ? ` in Kafka ${first}` : ''}`;
          }
          return `Field ${JSON.stringify(key)} is not in ${where}`;
        }
        if (key === 'ownedTasks' && editionNamed(c.edition).heartbeatVersionFollowsVariant)
          return `Field "ownedTasks" exists only in StreamsGroupHeartbeat v2 with variant ${orList(variantsWithHeartbeatV2('nested'))}`;
        const elsewhere = editionNames().filter((e) => e !== c.edition && requestFieldTable(e)[rpc]?.some((fs) => hasOwnKey(fs, key)));
        if (elsewhere.length > 0) return `Field ${JSON.stringify(key)} is a ${rpc} field of protocol ${listOf(elsewhere)}, not of ${JSON.stringify(c.edition)}`;
        // the default message (with the closest known field)
        return null;
      });
      step.data = toValue(data) as Record<string, unknown>;
    }
  }
  return step;
}

function runOf(c: Checker, node: JsonNode, path: string): { ms?: number; until?: 'stable'; maxMs?: number } | null {
  const obj = c.object(node, path, 'run');
  if (!obj) return null;
  c.knownKeys(obj, path, ['ms', 'until', 'maxMs'], 'run');
  const ms = get(obj, 'ms');
  const until = get(obj, 'until');
  const maxMs = get(obj, 'maxMs');
  if (ms && until) {
    c.p.add(path, obj.pos, 'run takes either "ms" or "until", not both');
    return null;
  }
  if (ms) {
    if (maxMs) c.p.add(childPath(path, 'maxMs'), maxMs.keyPos, '"maxMs" goes with "until", not with "ms"');
    const v = c.int(ms.value, childPath(path, 'ms'), 'ms', 0, Number.MAX_SAFE_INTEGER);
    return v === null ? null : { ms: v };
  }
  if (until) {
    const u = c.oneOf(until.value, childPath(path, 'until'), 'until', ['stable'] as const);
    const out: { until?: 'stable'; maxMs?: number } = {};
    if (u) out.until = u;
    if (maxMs) {
      const m = c.int(maxMs.value, childPath(path, 'maxMs'), 'maxMs', 0, Number.MAX_SAFE_INTEGER);
      if (m !== null) out.maxMs = m;
    }
    return u ? out : null;
  }
  c.p.add(path, obj.pos, 'run needs "ms" (e.g. {"ms": 60000}) or "until" (e.g. {"until": "stable", "maxMs": 120000})');
  return null;
}

function topicsChangeOf(c: Checker, node: JsonNode, path: string): { create?: { name: string; partitions: number }[]; delete?: string[]; partitions?: Record<string, number> } | null {
  const obj = c.object(node, path, 'topics');
  if (!obj) return null;
  c.knownKeys(obj, path, ['create', 'delete', 'partitions'], 'a topics step');
  const out: { create?: { name: string; partitions: number }[]; delete?: string[]; partitions?: Record<string, number> } = {};
  const cr = get(obj, 'create');
  if (cr) out.create = topicList(c, cr.value, childPath(path, 'create'), 'create');
  const de = get(obj, 'delete');
  if (de) {
    const items = c.array(de.value, childPath(path, 'delete'), 'delete');
    out.delete = (items ?? []).map((it, i) => c.string(it, childPath(childPath(path, 'delete'), i), `delete[${i}]`, { nonEmpty: true }) ?? '');
  }
  const pe = get(obj, 'partitions');
  if (pe) {
    const po = c.object(pe.value, childPath(path, 'partitions'), 'partitions');
    const parts: Record<string, number> = {};
    for (const e of po?.entries ?? []) {
      const v = c.partitionCount(e.value, childPath(childPath(path, 'partitions'), e.key), `partitions of ${JSON.stringify(e.key)}`);
      if (v !== null) setOwn(parts, e.key, v);
    }
    out.partitions = parts;
  }
  return out;
}

// ---- expectations ----------------------------------------------------------------------------

const GROUP_VIEW_KEYS = ['groupId', 'state', 'groupEpoch', 'assignmentEpoch', 'validatedTopologyEpoch', 'topologyEpoch', 'members', 'internalTopics', 'topicProblem'];
const MEMBER_VIEW_KEYS = ['memberId', 'alias', 'instanceId', 'processId', 'memberEpoch', 'previousMemberEpoch', 'state', 'topologyEpoch', 'assigned', 'pendingRevocation', 'target'];
const TASK_ROLES = ['active', 'standby', 'warmup'];

function expectationOf(c: Checker, node: JsonNode, path: string): Expectation | null {
  const obj = c.object(node, path, 'expect');
  if (!obj) return null;
  c.knownKeys(obj, path, EXPECT_KEYS, 'expect');
  const out: Expectation = {};
  for (const e of obj.entries) {
    const p = childPath(path, e.key);
    const v = e.value;
    switch (e.key) {
      case 'response':
        if (c.object(v, p, 'expect.response')) out.response = toValue(v);
        break;
      case 'error': {
        const name = c.string(v, p, 'expect.error');
        if (name === null) break;
        const known = Object.keys(ERROR_CODES[editionNamed(c.edition).wire] ?? {});
        if (!known.includes(name))
          c.p.add(p, v.pos, `${JSON.stringify(name)} is not an error of protocol ${JSON.stringify(c.edition)}; use "NONE" for success or an error name such as "FENCED_MEMBER_EPOCH"`);
        else out.error = name;
        break;
      }
      case 'group':
        if (v.kind === 'null') out.group = null;
        else if (groupExpectation(c, v, p)) out.group = toValue(v);
        break;
      case 'records': {
        if (v.kind === 'object') {
          // { "match": "contains" | "exact", "items": [...] }
          c.knownKeys(v, p, ['match', 'items'], 'expect.records');
          const me = get(v, 'match');
          const match = me ? c.oneOf(me.value, childPath(p, 'match'), 'match', ['contains', 'exact'] as const) : null;
          if (!me) c.p.add(p, v.pos, 'expect.records needs "match" ("contains" for a subsequence, "exact" for the whole list) and "items"');
          const ie = get(v, 'items');
          const items = ie ? c.array(ie.value, childPath(p, 'items'), 'expect.records.items') : null;
          if (!ie) c.p.add(p, v.pos, 'expect.records needs "items", the expected records');
          items?.forEach((it, i) => recordExpectation(c, it, childPath(childPath(p, 'items'), i)));
          if (match && items) out.records = { match, items: items.map(toValue) };
          break;
        }
        const items = c.array(v, p, 'expect.records (a list, or {"match": "contains", "items": [...]})');
        if (!items) break;
        items.forEach((it, i) => recordExpectation(c, it, childPath(p, i)));
        out.records = toValue(v) as unknown[];
        break;
      }
      case 'timers': {
        const o = c.object(v, p, 'expect.timers (timer key -> deadline in ms, or null for "not scheduled")');
        if (!o) break;
        const timers: Record<string, number | null> = {};
        for (const te of o.entries) {
          if (te.value.kind === 'null') setOwn(timers, te.key, null);
          else {
            const d = c.int(te.value, childPath(p, te.key), 'a deadline in ms (or null)', 0, Number.MAX_SAFE_INTEGER);
            if (d !== null) setOwn(timers, te.key, d);
          }
        }
        out.timers = timers;
        break;
      }
      case 'topicsToCreate': {
        const items = c.array(v, p, 'expect.topicsToCreate');
        if (!items) break;
        items.forEach((it, i) => {
          const o = c.object(it, childPath(p, i), 'a topic to create');
          if (o) c.knownKeys(o, childPath(p, i), ['name', 'partitions', 'replicationFactor'], 'a topic to create');
        });
        out.topicsToCreate = toValue(v) as unknown[];
        break;
      }
      case 'groups': {
        const o = c.object(v, p, 'expect.groups (group id -> group expectation, or null for "does not exist")');
        if (!o) break;
        const groups: Record<string, unknown> = {};
        for (const ge of o.entries) {
          const gp = childPath(p, ge.key);
          if (ge.value.kind === 'null') setOwn(groups, ge.key, null);
          else if (groupExpectation(c, ge.value, gp)) setOwn(groups, ge.key, toValue(ge.value));
        }
        out.groups = groups;
        break;
      }
      case 'recordTypes': {
        const items = c.array(v, p, 'expect.recordTypes');
        if (!items) break;
        items.forEach((it, i) => c.string(it, childPath(p, i), `recordTypes[${i}]`));
        out.recordTypes = toValue(v) as string[];
        break;
      }
      case 'violations': {
        const items = c.array(v, p, 'expect.violations');
        if (!items) break;
        items.forEach((it, i) => c.oneOf(it, childPath(p, i), `violations[${i}]`, Object.keys(INVARIANTS) as InvariantName[]));
        out.violations = toValue(v) as string[];
        break;
      }
      case 'byVariant': {
        const by = overridesOf(c, v, p, 'byVariant', VARIANTS, 'a variant');
        if (by) out.byVariant = by;
        break;
      }
      case 'byRelease': {
        if (!editionNamed(c.edition).hasReleases) {
          c.p.add(p, e.keyPos, `byRelease needs a released protocol (${orList(releasedEditions())}); protocol ${JSON.stringify(c.edition)} has no releases`);
          break;
        }
        const by = overridesOf(c, v, p, 'byRelease', KAFKA_RELEASES, 'a Kafka release');
        if (by) out.byRelease = by;
        break;
      }
    }
  }
  return out;
}

/** `byVariant` / `byRelease`: an expectation per name, each without overrides of its own. */
function overridesOf<K extends string>(c: Checker, node: JsonNode, path: string, what: 'byVariant' | 'byRelease', names: readonly K[], kind: string): Partial<Record<K, Expectation>> | null {
  const o = c.object(node, path, `expect.${what}`);
  if (!o) return null;
  const by: Partial<Record<K, Expectation>> = {};
  for (const ve of o.entries) {
    const vp = childPath(path, ve.key);
    if (!(names as readonly string[]).includes(ve.key)) {
      c.p.add(vp, ve.keyPos, `${JSON.stringify(ve.key)} is not ${kind}; use ${listOf(names)}`);
      continue;
    }
    if (ve.value.kind === 'object') {
      for (const x of ve.value.entries) if (x.key === 'byVariant' || x.key === 'byRelease') c.p.add(childPath(vp, x.key), x.keyPos, `${x.key} cannot be nested in ${what}`);
    }
    const inner = expectationOf(c, ve.value, vp);
    if (inner) by[ve.key as K] = inner;
  }
  return by;
}

function groupExpectation(c: Checker, node: JsonNode, path: string): boolean {
  const obj = c.object(node, path, 'expect.group');
  if (!obj) return false;
  c.knownKeys(obj, path, GROUP_VIEW_KEYS, 'expect.group');
  const me = get(obj, 'members');
  if (me) {
    const mp = childPath(path, 'members');
    const members = c.object(me.value, mp, 'expect.group.members');
    for (const m of members?.entries ?? []) {
      const p = childPath(mp, m.key);
      if (m.value.kind === 'null') continue; // the member must not exist
      const mo = c.object(m.value, p, `member ${JSON.stringify(m.key)} (an object, or null for "not in the group")`);
      if (!mo) continue;
      c.knownKeys(mo, p, MEMBER_VIEW_KEYS, `member ${JSON.stringify(m.key)}`);
      for (const key of ['assigned', 'pendingRevocation', 'target']) {
        const te = get(mo, key);
        if (!te || (key === 'target' && te.value.kind === 'null')) continue;
        taskRolesExpectation(c, te.value, childPath(p, key), key);
      }
    }
  }
  return true;
}

function taskRolesExpectation(c: Checker, node: JsonNode, path: string, what: string): void {
  const obj = c.object(node, path, what);
  if (!obj) return;
  c.knownKeys(obj, path, TASK_ROLES, what);
  for (const r of obj.entries) {
    if (!TASK_ROLES.includes(r.key)) continue;
    const rp = childPath(path, r.key);
    const subs = c.object(r.value, rp, `${what}.${r.key} (subtopology id -> partitions)`);
    for (const s of subs?.entries ?? []) {
      const sp = childPath(rp, s.key);
      c.array(s.value, sp, `partitions of subtopology ${JSON.stringify(s.key)}`)?.forEach((p, i) => c.int(p, childPath(sp, i), 'a partition', 0, 2147483647));
    }
  }
}

function recordExpectation(c: Checker, node: JsonNode, path: string): void {
  const obj = c.object(node, path, 'An expected record');
  if (!obj) return;
  c.knownKeys(obj, path, ['type', 'key', 'value'], 'an expected record');
  const t = get(obj, 'type');
  if (t) c.string(t.value, childPath(path, 'type'), 'type');
  const k = get(obj, 'key');
  if (k) c.object(k.value, childPath(path, 'key'), 'key');
  const v = get(obj, 'value');
  if (v && v.value.kind !== 'null') c.object(v.value, childPath(path, 'value'), 'value (an object, or null for a tombstone)');
}

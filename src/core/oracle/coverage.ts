// What a batch of oracle runs reached, counted on each side: for each RPC and version, each error code, each heartbeat
// status code and each record type, how many times the simulator produced it and how many times Kafka did; and, by
// name, what the playground can produce that no run reached. Pure: the runs' results in, counts and a table out.
import { RECORD_API_KEYS } from '../log/records.ts';
import { maxOf } from '../util/arrays.ts';
import { STATUS, statusName } from '../protocol/messages.ts';
import { DEFAULT_PROTOCOL, editionNamed } from '../editions/index.ts';
import { errorName as kafkaErrorName } from '../protocol/errors.ts';
import type { TraceStep } from '../scenario/types.ts';
import type { OracleResult } from './compare.ts';

const ak4ErrorName = (code: number): string => kafkaErrorName(editionNamed(DEFAULT_PROTOCOL).wire, code);

export type CoverageSection = 'rpc' | 'error' | 'status' | 'record';
export const SECTIONS: readonly CoverageSection[] = ['rpc', 'error', 'status', 'record'];
const SECTION_TITLES: Record<CoverageSection, string> = { rpc: 'RPC and version', error: 'error code', status: 'heartbeat status', record: 'record type' };

/** Counts by section and item name, for the simulator and for Kafka. */
export interface Coverage {
  sequences: number;
  counts: Record<CoverageSection, Map<string, { simulator: number; kafka: number }>>;
}

export const emptyCoverage = (): Coverage => ({ sequences: 0, counts: { rpc: new Map(), error: new Map(), status: new Map(), record: new Map() } });

/** Versions each RPC is served in by Kafka 4.4 and the simulator (ApiVersions' ranges for the group coordinator's RPCs). */
export const SERVED_VERSIONS: Readonly<Record<string, readonly [number, number]>> = {
  StreamsGroupHeartbeat: [0, 1],
  StreamsGroupDescribe: [0, 1],
  OffsetCommit: [2, 10],
  OffsetFetch: [1, 10],
  OffsetDelete: [0, 0],
  ListGroups: [0, 5],
  DescribeGroups: [0, 6],
  DeleteGroups: [0, 2],
  IncrementalAlterConfigs: [0, 1],
};

/**
 * The errors the playground's ak4 broker can answer, each with what makes it (src/core: coordinator, offsets,
 * broker). Kafka's other codes never come from the group coordinator's RPCs in this model.
 */
export const PRODUCIBLE_ERRORS: Readonly<Record<string, string>> = {
  NONE: 'any success',
  UNKNOWN_SERVER_ERROR: 'duplicate subtopology ids in an owned-task list, duplicate client-tag keys',
  UNKNOWN_TOPIC_OR_PARTITION: 'OffsetCommit of a topic or partition the cluster lacks',
  OFFSET_METADATA_TOO_LARGE: 'OffsetCommit metadata over offset.metadata.max.bytes',
  COORDINATOR_LOAD_IN_PROGRESS: 'any request during a failover with loadMs',
  NOT_COORDINATOR: 'a request to the old coordinator after a failover',
  ILLEGAL_GENERATION: 'OffsetCommit to a simple group with a generation other than -1',
  INVALID_GROUP_ID: 'the empty group id',
  UNKNOWN_MEMBER_ID: 'a heartbeat, commit or fetch of a member the group lacks',
  UNSUPPORTED_VERSION: 'OffsetCommit below v9 by a streams member',
  INVALID_REQUEST: "a heartbeat's missing or invalid fields",
  INVALID_CONFIG: 'IncrementalAlterConfigs outside the bounds or an unknown name',
  NON_EMPTY_GROUP: 'DeleteGroups of a group with members',
  GROUP_ID_NOT_FOUND: 'a describe, delete, fetch or heartbeat of a group that does not exist',
  GROUP_SUBSCRIBED_TO_TOPIC: 'OffsetDelete of a topic the group subscribes to',
  GROUP_MAX_SIZE_REACHED: 'a join beyond group.streams.max.size',
  FENCED_INSTANCE_ID: 'a static member replaced by another member with its instance id',
  UNKNOWN_TOPIC_ID: 'OffsetCommit or OffsetFetch v10 with an id no topic has',
  FENCED_MEMBER_EPOCH: 'a heartbeat with a stale or future member epoch',
  UNRELEASED_INSTANCE_ID: 'a join with an instance id another member still holds',
  STALE_MEMBER_EPOCH: 'OffsetCommit or OffsetFetch with an epoch other than the member’s',
  STREAMS_INVALID_TOPOLOGY: 'an invalid topology (changelog partitions set, internal or invalid topic names)',
};

/** The record types ak4 writes ("(tombstone)": the type's tombstone; GroupMetadata is only ever a tombstone). */
export function producibleRecords(): string[] {
  const out: string[] = [];
  for (const type of Object.keys(RECORD_API_KEYS)) {
    // [4.4] no StreamsGroupPartitionMetadata: the group keeps a metadata hash instead (the draft edition writes it)
    if (type === 'StreamsGroupPartitionMetadata') continue;
    if (type !== 'GroupMetadata') out.push(type);
    out.push(`${type} (tombstone)`);
  }
  return out;
}

export type CoverageMode = 'live' | 'exact';

/**
 * What a live broker shared by the oracle cannot produce, with why; an exact engine (in-process coordinator on the
 * scenario's clock) can produce everything the playground can.
 */
export const LIVE_UNREACHABLE: Readonly<Record<string, string>> = {
  'error COORDINATOR_LOAD_IN_PROGRESS': 'a load time (failover loadMs) cannot be imposed on a real broker',
  'error NOT_COORDINATOR': "a request to the old coordinator needs a second broker (sgp oracle's live broker is one)",
  'error GROUP_MAX_SIZE_REACHED': 'group.streams.max.size is a broker config; the shared oracle broker runs with the default',
  'status MISSING_INTERNAL_TOPICS':
    'Kafka creates missing internal topics asynchronously after the heartbeat that reports them, and sgp oracle does not wait for that, so live sequences keep the internal topics in place',
};

/** Every item the playground can produce, by section (live: less what a shared real broker cannot). */
export function coverageUniverse(mode: CoverageMode): Record<CoverageSection, string[]> {
  const rpc = Object.entries(SERVED_VERSIONS).flatMap(([api, [lo, hi]]) => Array.from({ length: hi - lo + 1 }, (_, i) => `${api} v${lo + i}`));
  const all: Record<CoverageSection, string[]> = {
    rpc,
    error: Object.keys(PRODUCIBLE_ERRORS),
    status: Object.keys(STATUS),
    record: producibleRecords(),
  };
  if (mode === 'exact') return all;
  const keep = (section: CoverageSection) => all[section].filter((name) => LIVE_UNREACHABLE[`${section} ${name}`] === undefined);
  return { rpc: keep('rpc'), error: keep('error'), status: keep('status'), record: keep('record') };
}

const bump = (c: Coverage, section: CoverageSection, name: string, side: 'simulator' | 'kafka') => {
  const m = c.counts[section];
  const row = m.get(name) ?? { simulator: 0, kafka: 0 };
  row[side]++;
  m.set(name, row);
};

/** Every errorCode in a response, once per name (a commit that fails on three partitions counts once). */
function errorNames(response: unknown, errorName: (code: number) => string): Set<string> {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'errorCode' && typeof x === 'number') out.add(errorName(x));
        else walk(x);
      }
    }
  };
  walk(response);
  return out;
}

function statusNames(response: unknown): Set<string> {
  const status = (response as { status?: unknown } | null)?.status;
  const out = new Set<string>();
  if (Array.isArray(status)) for (const s of status) if (typeof (s as { statusCode?: unknown }).statusCode === 'number') out.add(statusName((s as { statusCode: number }).statusCode));
  return out;
}

function countResponse(c: Coverage, side: 'simulator' | 'kafka', request: { api: string; version: number } | undefined, response: unknown, errorName: (code: number) => string): void {
  if (response === null || response === undefined) return;
  if (request) bump(c, 'rpc', `${request.api} v${request.version}`, side);
  for (const e of errorNames(response, errorName)) bump(c, 'error', e, side);
  if (request?.api === 'StreamsGroupHeartbeat') for (const s of statusNames(response)) bump(c, 'status', s, side);
}

/** Adds one run's result to the counts (a refused run counts as a sequence that reached nothing). */
export function addResult(c: Coverage, result: OracleResult, errorName: (code: number) => string = ak4ErrorName): void {
  c.sequences++;
  for (const row of result.steps) {
    const requests = row.requests ?? [];
    for (const [side, view] of [
      ['simulator', row.playground],
      ['kafka', row.kafka],
    ] as const) {
      if (row.kind === 'run') view.exchanges.forEach((x, i) => countResponse(c, side, requests[i], x, errorName));
      else countResponse(c, side, requests[0], view.response, errorName);
      for (const r of view.records) bump(c, 'record', r.value === null ? `${r.type} (tombstone)` : r.type, side);
    }
  }
}

/** Adds the counts of `from` to `into`. */
export function mergeCoverage(into: Coverage, from: Coverage): void {
  into.sequences += from.sequences;
  for (const section of SECTIONS) {
    for (const [name, n] of from.counts[section]) {
      const row = into.counts[section].get(name) ?? { simulator: 0, kafka: 0 };
      row.simulator += n.simulator;
      row.kafka += n.kafka;
      into.counts[section].set(name, row);
    }
  }
}

/** Items of the universe that neither side produced, as "section name". */
export function unreached(c: Coverage, universe: Record<CoverageSection, string[]>): string[] {
  return SECTIONS.flatMap((section) =>
    universe[section].filter((name) => (c.counts[section].get(name)?.simulator ?? 0) + (c.counts[section].get(name)?.kafka ?? 0) === 0).map((n) => `${section} ${n}`),
  );
}

/**
 * The coverage table: per section, each item of the universe (in the universe's order) then anything else seen, with
 * the simulator's and Kafka's counts; "≠" where one side produced an item the other never did; then the unreached.
 * `kafkaLabel` null: a run on the simulator alone (no Kafka column, no "≠").
 */
export function formatCoverage(c: Coverage, universe: Record<CoverageSection, string[]>, kafkaLabel: string | null = 'Kafka'): string {
  const lines: string[] = [`coverage over ${c.sequences} sequence${c.sequences === 1 ? '' : 's'}${kafkaLabel === null ? ' (simulator alone)' : ''}`];
  for (const section of SECTIONS) {
    const names = [...universe[section], ...[...c.counts[section].keys()].filter((n) => !universe[section].includes(n)).sort()];
    const width = maxOf(names, (n) => n.length, SECTION_TITLES[section].length);
    lines.push('', `${SECTION_TITLES[section].padEnd(width)}  ${'simulator'.padStart(9)}${kafkaLabel === null ? '' : `  ${kafkaLabel.padStart(9)}`}`);
    for (const name of names) {
      const n = c.counts[section].get(name) ?? { simulator: 0, kafka: 0 };
      const mark =
        n.simulator + n.kafka === 0
          ? '  unreached'
          : kafkaLabel !== null && (n.simulator === 0) !== (n.kafka === 0)
            ? '  ≠'
            : universe[section].includes(name)
              ? ''
              : '  (not in the playground’s list)';
      lines.push(`${name.padEnd(width)}  ${String(n.simulator).padStart(9)}${kafkaLabel === null ? '' : `  ${String(n.kafka).padStart(9)}`}${mark}`);
    }
  }
  const missing = unreached(c, universe);
  lines.push('', missing.length === 0 ? 'unreached: none' : `unreached (${missing.length}): ${missing.join(', ')}`);
  return `${lines.join('\n')}\n`;
}

/** Adds a simulator run alone (no engine to compare with): the simulator's side of each step. */
export function addTrace(c: Coverage, steps: readonly TraceStep[], errorName: (code: number) => string = ak4ErrorName): void {
  c.sequences++;
  for (const t of steps) {
    if (t.exchanges.length > 0) for (const x of t.exchanges) countResponse(c, 'simulator', { api: x.api ?? 'StreamsGroupHeartbeat', version: x.version ?? 1 }, x.response, errorName);
    else if (t.api !== null && t.version !== null) countResponse(c, 'simulator', { api: t.api, version: t.version }, t.response, errorName);
    for (const r of t.records) bump(c, 'record', r.value === null ? `${r.type} (tombstone)` : r.type, 'simulator');
  }
}

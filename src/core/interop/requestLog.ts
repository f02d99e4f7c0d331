// Broker request log -> scenario steps. Each `Completed request:` line of a streams group RPC becomes a
// raw `send` step (the request as the broker logged it), optionally preceded by an `advance` for the
// clock gap since the previous one and followed by an expectation built from the logged response.
import { DEFAULT_PROTOCOL, editionNamed, editionNames } from '../editions/index.ts';
import type { Edition } from '../protocol/errors.ts';
import { requestFields } from '../scenario/validate.ts';
import { SCENARIO_FORMAT_VERSION, type AdvanceStep, type RpcName, type Scenario, type SendStep, type Variant } from '../scenario/types.ts';
import { ownValue, setOwn } from '../util/own.ts';
import { topologyPartitions } from '../broker/requestGate.ts';
import { MAX_PARTITIONS_PER_TOPIC } from '../limits.ts';
import { mdText } from './escape.ts';
import { parseLogLine } from './logline.ts';

/** `ApiKeys.toString` (the enum constant name) of each RPC, as `requestApiKeyName` prints it. */
export const API_KEY_NAMES: Readonly<Record<string, string>> = {
  StreamsGroupHeartbeat: 'STREAMS_GROUP_HEARTBEAT',
  StreamsGroupDescribe: 'STREAMS_GROUP_DESCRIBE',
  StreamsGroupInitialize: 'STREAMS_GROUP_INITIALIZE',
  OffsetCommit: 'OFFSET_COMMIT',
};

export function rpcForApiKey(edition: Edition, apiKey: number): RpcName | null {
  for (const [rpc, key] of Object.entries(editionNamed(edition).apiKeys) as [RpcName, number][]) if (key === apiKey) return rpc;
  return null;
}

export interface ImportOptions {
  /** Which protocol the log is from (decides the api keys). Default: the registry's default protocol. */
  protocol?: Edition;
  /** Import only this group (default: the first group the log mentions). */
  group?: string;
  /** `advance`: the clock gap between two imported requests (from the timestamps) becomes an `advance` step. Default `ignore`. */
  timing?: 'ignore' | 'advance';
  /**
   * Which moment of a request orders the steps and times the advances: `completed` (the line's timestamp, the log's
   * order; default) or `handled` (when the broker handed it to the coordinator: the timestamp minus totalTimeMs plus
   * requestQueueTimeMs and localTimeMs). Two requests completed in the same millisecond, or a slow one completed
   * after a later fast one, are then in the order the coordinator saw them. Lines without those metrics keep their
   * completion time.
   */
  clock?: 'completed' | 'handled';
  /** Give each step `expect.response` with the logged response's key fields (errorCode, memberEpoch). */
  expectResponses?: boolean;
  /** Member aliases: `letters` (a, b, c… in order of appearance, default) or `thread` (t1, t2… from the clientId's `-StreamThread-N-consumer`; a1, b1… when several processes). */
  aliases?: 'letters' | 'thread';
  /** The variant whose request versions are accepted (default `current`). */
  variant?: Variant;
}

export type ImportedStep = SendStep | AdvanceStep;

export interface ImportResult {
  steps: ImportedStep[];
  /** Lines that did not become a step (1-based line numbers; blank lines are not listed). */
  skipped: { line: number; reason: string }[];
  /** alias -> member id */
  members: Record<string, string>;
  /** The group the steps are for (null when nothing was imported). */
  groupId: string | null;
  /** Imported lines where something was dropped or looked odd. */
  warnings: { line: number; message: string }[];
  /** For each step, the log line it came from (null for `advance` steps). */
  sourceLines: (number | null)[];
  /** For each step, the response the broker logged (null for `advance` steps). */
  responses: unknown[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Entry {
  line: number;
  rpc: RpcName;
  version: number;
  timestampMs: number | null;
  clientId: string | null;
  request: Obj;
  response: unknown;
  groups: string[];
}

/** a, b, … z, aa, ab, … */
export function letterAlias(n: number): string {
  let s = '';
  let k = n;
  do {
    s = String.fromCharCode(97 + (k % 26)) + s;
    k = Math.floor(k / 26) - 1;
  } while (k >= 0);
  return s;
}

const THREAD_CLIENT_ID = /^(.*)-StreamThread-(\d+)-consumer$/;
const TASK_LISTS = new Set(['activeTasks', 'standbyTasks', 'warmupTasks', 'ownedTasks']);

function groupsOf(rpc: RpcName, request: Obj): string[] {
  if (rpc === 'StreamsGroupDescribe') return Array.isArray(request.groupIds) ? request.groupIds.filter((g): g is string => typeof g === 'string') : [];
  return typeof request.groupId === 'string' ? [request.groupId] : [];
}

function splitLines(text: string): string[] {
  return text.split(/\r?\n|\r/);
}

/** Imports a broker request log (text) as scenario steps. Pure and deterministic; never throws on bad input. */
export function importRequestLog(text: string, options: ImportOptions = {}): ImportResult {
  const edition: Edition = options.protocol ?? DEFAULT_PROTOCOL;
  const variant: Variant = options.variant ?? 'current';
  const skipped: ImportResult['skipped'] = [];
  const warnings: ImportResult['warnings'] = [];
  const entries: Entry[] = [];

  splitLines(text).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const p = parseLogLine(raw);
    if (!p.ok) return void skipped.push({ line, reason: p.reason });
    const named = p.apiKeyName ? ` (${p.apiKeyName})` : '';
    const rpc = rpcForApiKey(edition, p.apiKey);
    if (!rpc) {
      const hint = p.apiKeyName?.startsWith('STREAMS_GROUP_')
        ? `; is the log from protocol ${editionNames()
            .filter((n) => n !== edition)
            .map((n) => JSON.stringify(n))
            .join(' or ')}?`
        : '';
      return void skipped.push({ line, reason: `api key ${p.apiKey}${named} is not a streams group RPC of protocol ${edition}${hint}` });
    }
    if (p.apiKeyName !== null && p.apiKeyName !== API_KEY_NAMES[rpc]) {
      return void skipped.push({ line, reason: `api key ${p.apiKey} is ${rpc} in protocol ${edition}, but the line names it ${p.apiKeyName} (wrong protocol?)` });
    }
    const versions = requestFields(edition, variant, rpc);
    if (!versions || p.apiVersion < 0 || p.apiVersion >= versions.length) {
      const range = versions ? (versions.length === 1 ? 'only version 0' : `versions 0–${versions.length - 1}`) : 'no versions';
      return void skipped.push({ line, reason: `${rpc} v${p.apiVersion} is not known in protocol ${edition} (${range})` });
    }
    if (!isObj(p.request)) return void skipped.push({ line, reason: `${rpc}: the broker logged no request body` });
    const fields = versions[p.apiVersion] ?? {};
    const request: Obj = {};
    for (const [k, v] of Object.entries(p.request)) {
      const spec = ownValue(fields, k);
      if (!spec) {
        warnings.push({ line, message: `dropped field "${k}": not in ${rpc} v${p.apiVersion} (${edition})` });
        continue;
      }
      // a null that is the schema default says nothing; the owned-task lists keep theirs (null ≠ [] matters)
      if (v === null && spec.nullable && !TASK_LISTS.has(k)) continue;
      setOwn(request, k, v);
    }
    // the playground's limits (src/core/limits.ts), as for a scenario
    const tooBig = topologyPartitions(request) ?? taskBeyondLimit(request);
    if (tooBig !== null) return void skipped.push({ line, reason: `${rpc}: the request ${tooBig}` });
    const timestampMs = options.clock === 'handled' && p.handledAtMs !== null ? p.handledAtMs : p.timestampMs;
    entries.push({ line, rpc, version: p.apiVersion, timestampMs, clientId: p.clientId, request, response: p.response, groups: groupsOf(rpc, p.request) });
  });

  // the group: as asked, or the first one the log names
  const groupId = options.group ?? entries.find((e) => e.groups.length > 0)?.groups[0] ?? null;
  const kept: Entry[] = [];
  for (const e of entries) {
    if (groupId !== null && !e.groups.includes(groupId)) {
      const what = e.groups.length === 0 ? 'names no group' : `is for group ${e.groups.map((g) => JSON.stringify(g)).join(', ')}`;
      skipped.push({ line: e.line, reason: `${e.rpc} ${what}, not ${JSON.stringify(groupId)}${options.group === undefined ? ' (the first group in the log; choose another with --group)' : ''}` });
    } else kept.push(e);
  }
  skipped.sort((a, b) => a.line - b.line);
  // the coordinator's order: by the moment each request was handed to it (a stable sort keeps the log's order on ties)
  if (options.clock === 'handled') kept.sort((a, b) => (a.timestampMs ?? 0) - (b.timestampMs ?? 0));

  // member identities, in order of appearance; ids the broker generated (first seen in a response)
  const identity = new Map<Entry, string>();
  const brokerGenerated = new Set<string>();
  const order: { id: string; clientId: string | null }[] = [];
  const seen = new Set<string>();
  for (const e of kept) {
    if (e.rpc !== 'StreamsGroupHeartbeat') continue;
    const asked = typeof e.request.memberId === 'string' ? e.request.memberId : '';
    const r = isObj(e.response) ? e.response : {};
    const answered = r.errorCode === 0 && typeof r.memberId === 'string' ? r.memberId : '';
    const id = asked !== '' ? asked : answered;
    if (id === '') continue;
    if (asked === '' && !seen.has(id)) brokerGenerated.add(id);
    identity.set(e, id);
    if (!seen.has(id)) {
      seen.add(id);
      order.push({ id, clientId: e.clientId });
    }
  }
  const aliasOf = assignAliases(order, options.aliases ?? 'letters');
  const aliasByClient = new Map<string, string>();
  for (const { id, clientId } of order) if (clientId !== null && !aliasByClient.has(clientId)) aliasByClient.set(clientId, aliasOf.get(id)!);

  const steps: ImportedStep[] = [];
  const sourceLines: (number | null)[] = [];
  const responses: unknown[] = [];
  let lastTs: number | null = null;
  for (const e of kept) {
    if (options.timing === 'advance' && e.timestampMs !== null) {
      if (lastTs !== null) {
        const gap = Math.round(e.timestampMs) - Math.round(lastTs);
        if (gap > 0) {
          steps.push({ advance: gap });
          sourceLines.push(null);
          responses.push(null);
        } else if (gap < 0) warnings.push({ line: e.line, message: `the timestamp is ${-gap} ms before the previous request's; no time passes` });
      }
      lastTs = Math.max(lastTs ?? e.timestampMs, e.timestampMs);
    }
    const data: Obj = { ...e.request };
    const id = identity.get(e);
    // Initialize and Describe carry no member id: they are drawn from the member whose client sent them
    const alias = id !== undefined ? aliasOf.get(id) : e.clientId !== null ? aliasByClient.get(e.clientId) : undefined;
    // a broker-generated id differs in the simulation: later requests take it from the alias
    if (id !== undefined && brokerGenerated.has(id) && data.memberId === id) delete data.memberId;
    const step: SendStep = { label: `${alias !== undefined ? `${alias}: ` : ''}${e.rpc} (line ${e.line})`, send: e.rpc, version: e.version, data };
    if (alias !== undefined) {
      // key order as in the format: send, version, member, data
      delete (step as Partial<SendStep>).data;
      step.member = alias;
      step.data = data;
    }
    if (options.expectResponses) {
      const response = keyFields(e.rpc, e.response);
      if (response !== null) step.expect = { response };
    }
    steps.push(step);
    sourceLines.push(e.line);
    responses.push(e.response);
  }

  const members: Record<string, string> = {};
  for (const { id } of order) members[aliasOf.get(id)!] = id;
  return { steps, skipped, members, groupId: kept.length > 0 ? groupId : null, warnings, sourceLines, responses };
}

/** A task the request names on a partition beyond the playground's limit, or null. */
function taskBeyondLimit(request: Obj): string | null {
  for (const k of ['activeTasks', 'standbyTasks', 'warmupTasks', 'taskOffsets', 'taskEndOffsets']) {
    const list = request[k];
    if (!Array.isArray(list)) continue;
    for (const t of list) {
      if (!isObj(t)) continue;
      const parts = Array.isArray(t.partitions) ? t.partitions : [t.partition];
      for (const p of parts)
        if (typeof p === 'number' && p >= MAX_PARTITIONS_PER_TOPIC)
          return `names partition ${p} of subtopology ${JSON.stringify(String(t.subtopologyId))} (${k}), beyond the playground's limit of ${MAX_PARTITIONS_PER_TOPIC.toLocaleString('en')} partitions per topic`;
    }
  }
  return null;
}

function assignAliases(order: { id: string; clientId: string | null }[], mode: 'letters' | 'thread'): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  // per wanted alias, the next suffix to try (members sharing one client id all want the same alias)
  const nextSuffix = new Map<string, number>();
  const take = (want: string): string => {
    let a = want;
    let n = nextSuffix.get(want) ?? 2;
    if (used.has(a)) {
      while (used.has((a = `${want}-${n}`))) n++;
      n++;
    }
    nextSuffix.set(want, n);
    used.add(a);
    return a;
  };
  if (mode === 'letters') {
    order.forEach(({ id }, i) => out.set(id, take(letterAlias(i))));
    return out;
  }
  // prefixes in order of appearance, by index (a list search per member was quadratic)
  const prefixes = new Map<string, number>();
  for (const { clientId } of order) {
    const m = clientId ? THREAD_CLIENT_ID.exec(clientId) : null;
    if (m && !prefixes.has(m[1]!)) prefixes.set(m[1]!, prefixes.size);
  }
  let other = 0;
  for (const { id, clientId } of order) {
    const m = clientId ? THREAD_CLIENT_ID.exec(clientId) : null;
    if (m) out.set(id, take(prefixes.size === 1 ? `t${m[2]}` : `${letterAlias(prefixes.get(m[1]!)!)}${m[2]}`));
    else out.set(id, take(`m${++other}`));
  }
  return out;
}

/** The fields of a logged response an imported step expects (null: nothing to expect). */
function keyFields(rpc: RpcName, response: unknown): Obj | null {
  if (!isObj(response)) return null;
  const out: Obj = {};
  if (rpc === 'StreamsGroupDescribe') {
    if (!Array.isArray(response.groups)) return null;
    out.groups = response.groups.map((g) => {
      const o: Obj = {};
      if (isObj(g)) for (const k of ['errorCode', 'groupEpoch']) if (typeof g[k] === 'number') o[k] = g[k];
      return o;
    });
    return out;
  }
  for (const k of ['errorCode', 'memberEpoch']) if (typeof response[k] === 'number') out[k] = response[k];
  return Object.keys(out).length > 0 ? out : null;
}

export interface ScenarioImportOptions extends ImportOptions {
  /** Partitions of a source topic when the log shows no task of it (default 4). */
  defaultPartitions?: number;
}

export interface ScenarioImport {
  scenario: Scenario;
  result: ImportResult;
}

/** A whole scenario document from a request log: topics inferred from the logged topologies, `base` for the rest. */
export function scenarioFromRequestLog(text: string, base: Partial<Scenario> = {}, options: ScenarioImportOptions = {}): ScenarioImport {
  const protocol: Edition = base.protocol ?? options.protocol ?? DEFAULT_PROTOCOL;
  const variant: Variant = base.variant ?? options.variant ?? 'current';
  const result = importRequestLog(text, { ...options, protocol, variant, group: options.group ?? base.groupId });
  const groupId = result.groupId ?? base.groupId ?? 'app';
  const sends = result.steps.filter((s): s is SendStep => 'send' in s);
  const skippedNote = result.skipped.length === 0 ? '' : ` ${result.skipped.length} line${result.skipped.length === 1 ? ' was' : 's were'} skipped.`;
  const memberNote = Object.entries(result.members)
    .map(([a, id]) => `**${mdText(a)}** = \`${id.replace(/`/g, "'")}\``)
    .join(', ');
  const notes =
    `Imported from a broker request log (\`kafka.request.logger\`): ${sends.length} request${sends.length === 1 ? '' : 's'} of group \`${groupId.replace(/`/g, "'")}\`.${skippedNote}` +
    (memberNote ? ` Members: ${memberNote}.` : '') +
    ' The log shows only requests: coordinator failovers, topic changes and the time after the last request are not in it.';
  const scenario: Scenario = {
    format: SCENARIO_FORMAT_VERSION,
    title: base.title ?? `Imported request log (group ${groupId})`,
    notes: base.notes ?? notes,
    protocol,
    variant,
    config: base.config ?? {},
    groupId,
    topics: base.topics ?? inferTopics(protocol, sends, result.responses, options.defaultPartitions ?? 4),
    clients: base.clients ?? {},
    steps: result.steps,
  };
  if (base.topology !== undefined) scenario.topology = base.topology;
  if (base.invariants !== undefined) scenario.invariants = base.invariants;
  if (base.checkVariants !== undefined) scenario.checkVariants = base.checkVariants;
  return { scenario, result };
}

interface SubtopologyLike {
  subtopologyId: string;
  sourceTopics: string[];
  stateChangelogTopics: { name: string; partitions: number }[];
  repartitionSourceTopics: { name: string; partitions: number }[];
}

function subtopologiesOf(protocol: Edition, step: SendStep): SubtopologyLike[] {
  const t = step.data.topology;
  // the edition knows where its topology keeps the subtopologies
  const list = editionNamed(protocol).topology.subtopologies(t);
  if (!Array.isArray(list)) return [];
  const topics = (v: unknown) => (Array.isArray(v) ? v.filter(isObj).map((x) => ({ name: String(x.name ?? ''), partitions: typeof x.partitions === 'number' ? x.partitions : 0 })) : []);
  return list.filter(isObj).map((s) => ({
    subtopologyId: String(s.subtopologyId ?? ''),
    sourceTopics: Array.isArray(s.sourceTopics) ? s.sourceTopics.filter((x): x is string => typeof x === 'string') : [],
    stateChangelogTopics: topics(s.stateChangelogTopics),
    repartitionSourceTopics: topics(s.repartitionSourceTopics),
  }));
}

/**
 * Topics from the first logged topology: source topics get one partition more than the highest
 * partition any logged task of their subtopology has (else the default); changelog topics as many as
 * their subtopology; repartition topics their declared count. Internal topics are left out when a
 * response reported them missing (status 3), since the broker then created them during the log.
 */
function inferTopics(protocol: Edition, sends: SendStep[], responses: unknown[], defaultPartitions: number): { name: string; partitions: number }[] {
  // the first request of the RPC that carries the edition's topology
  const carriedBy = editionNamed(protocol).topology.carriedBy;
  const withTopology = sends.find((s) => s.send === carriedBy && s.data.topology);
  if (!withTopology) return [];
  const subs = subtopologiesOf(protocol, withTopology);
  const maxPartition = new Map<string, number>();
  const note = (lists: unknown) => {
    if (!Array.isArray(lists)) return;
    for (const t of lists) {
      if (!isObj(t) || typeof t.subtopologyId !== 'string' || !Array.isArray(t.partitions)) continue;
      for (const p of t.partitions) if (typeof p === 'number') maxPartition.set(t.subtopologyId, Math.max(maxPartition.get(t.subtopologyId) ?? -1, p));
    }
  };
  for (const s of sends) for (const k of ['activeTasks', 'standbyTasks', 'warmupTasks']) note(s.data[k]);
  for (const r of responses) if (isObj(r)) for (const k of ['activeTasks', 'standbyTasks', 'warmupTasks']) note(r[k]);
  const topics = new Map<string, number>();
  const put = (name: string, n: number) => topics.set(name, Math.min(MAX_PARTITIONS_PER_TOPIC, Math.max(topics.get(name) ?? 0, n)));
  for (const s of subs) {
    const seen = maxPartition.get(s.subtopologyId);
    const n = seen !== undefined ? seen + 1 : defaultPartitions;
    for (const t of s.sourceTopics) put(t, n);
  }
  const missingInternal = responses.some((r) => isObj(r) && Array.isArray(r.status) && r.status.some((st) => isObj(st) && st.statusCode === 3));
  if (!missingInternal) {
    for (const s of subs) {
      let n = 0;
      for (const t of s.sourceTopics) n = Math.max(n, topics.get(t) ?? 0);
      for (const t of s.repartitionSourceTopics) n = Math.max(n, t.partitions);
      n ||= defaultPartitions;
      for (const t of s.repartitionSourceTopics) put(t.name, t.partitions > 0 ? t.partitions : n);
      for (const t of s.stateChangelogTopics) put(t.name, n);
    }
  }
  return [...topics].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, partitions]) => ({ name, partitions }));
}

// A scenario and its traces (one per variant) as a Markdown report for a KIP or a ticket: the
// exchanges as a Mermaid sequence diagram, the records written, the invariant results per variant and
// the state only memory holds. Deterministic: the same input gives the same text.
import { INVARIANTS, type InvariantName } from '../invariants/types.ts';
import { MEMBER_STATE_VALUES } from '../model/member.ts';
import { statusName } from '../protocol/messages.ts';
import type { Scenario, Trace, TraceRecord, TraceStep, Variant } from '../scenario/types.ts';
import { isVariant, variantDefinition } from '../variants/index.ts';
import { mdCode, mdText, mermaidLabel, mermaidText } from './escape.ts';
import { exchangeApi } from './render.ts';
import { maxOf } from '../util/arrays.ts';

export interface VariantTrace {
  variant: Variant | string;
  trace: Trace;
}

export interface MarkdownOptions {
  /** Heartbeats drawn per `run` step before the rest are summarised in a note (default 12). */
  maxExchangesPerStep?: number;
  /** Longest message or summary before it is clipped (default 240 characters). */
  maxText?: number;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function clip(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, max - 1) + '…';
}

/** Task lists as the report shows them: `null`, `[]` or `[0_0,0_1]` (Kafka's TaskId form, subtopology_partition). */
export function taskList(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (!Array.isArray(v)) return JSON.stringify(v);
  const ids: string[] = [];
  for (const t of v) {
    if (isObj(t) && Array.isArray(t.partitions)) for (const p of t.partitions) ids.push(`${String(t.subtopologyId)}_${String(p)}`);
  }
  return `[${ids.join(',')}]`;
}

const isTaskArray = (v: unknown): boolean => Array.isArray(v) && v.length > 0 && v.every((t) => isObj(t) && 'subtopologyId' in t && Array.isArray(t.partitions));

const STATE_NAMES = new Map(Object.entries(MEMBER_STATE_VALUES).map(([n, v]) => [v, n]));

function ownedLists(o: Obj): string {
  if ('ownedTasks' in o) {
    const ot = o.ownedTasks;
    if (!isObj(ot)) return ' ownedTasks=null';
    return ` ownedTasks(active=${taskList(ot.activeTasks)} standby=${taskList(ot.standbyTasks)} warmup=${taskList(ot.warmupTasks)})`;
  }
  if (!('activeTasks' in o) && !('standbyTasks' in o) && !('warmupTasks' in o)) return '';
  return ` active=${taskList(o.activeTasks)} standby=${taskList(o.standbyTasks)} warmup=${taskList(o.warmupTasks)}`;
}

/** The request arrow: RPC, version, epoch and the owned-task lists (null ≠ [] matters in KAFKA-20870). */
export function requestSummary(api: string | null, version: number | null, request: unknown): string {
  const r = isObj(request) ? request : {};
  let s = `${api ?? 'request'}${version !== null ? ` v${version}` : ''}`;
  if (api === 'StreamsGroupDescribe') return `${s} groups=${JSON.stringify(r.groupIds ?? [])}`;
  if (api === 'StreamsGroupInitialize') return `${s} topologyId=${String(r.topologyId ?? '')}`;
  if (typeof r.memberEpoch === 'number') {
    s += ` epoch=${r.memberEpoch}`;
    if (r.memberEpoch === 0) s += ' (join)';
    else if (r.memberEpoch === -1) s += ' (leave)';
    else if (r.memberEpoch === -2) s += ' (static leave)';
  }
  return s + ownedLists(r);
}

/** The response arrow. */
export function responseSummary(api: string | null, response: unknown, errorName: string | null): string {
  const r = isObj(response) ? response : {};
  if (errorName && errorName !== 'NONE') {
    const code = typeof r.errorCode === 'number' ? ` (${r.errorCode})` : '';
    const msg = typeof r.errorMessage === 'string' && r.errorMessage !== '' ? ` ${r.errorMessage}` : '';
    return `ERROR ${errorName}${code}${msg}`;
  }
  if (api === 'StreamsGroupDescribe') {
    const groups = Array.isArray(r.groups) ? r.groups.filter(isObj) : [];
    return groups.map((g) => `${String(g.groupId)}: ${String(g.groupState)} epoch=${String(g.groupEpoch)} members=${Array.isArray(g.members) ? g.members.length : 0}`).join(', ') || 'ok';
  }
  if (api === 'StreamsGroupInitialize') return 'ok';
  let s = typeof r.memberEpoch === 'number' ? `epoch=${r.memberEpoch}` : 'ok';
  s += ownedLists(r);
  if (Array.isArray(r.status) && r.status.length > 0) s += ` status=[${r.status.map((st) => (isObj(st) && typeof st.statusCode === 'number' ? statusName(st.statusCode) : '?')).join(',')}]`;
  if (r.ownedTasksRequired === true) s += ' ownedTasksRequired=true';
  if (r.topologyDescriptionRequired === true) s += ' topologyDescriptionRequired=true';
  return s;
}

/** Member ids shown by alias where the trace knows one. */
function aliasMap(trace: Trace): Map<string, string> {
  const m = new Map<string, string>();
  for (const s of trace.steps) for (const v of Object.values(s.group?.members ?? {})) if (v.alias !== null) m.set(v.memberId, v.alias);
  return m;
}

function recordKey(r: TraceRecord, aliases: Map<string, string>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(r.key)) {
    if (k === 'groupId') continue;
    if (k === 'memberId' && typeof v === 'string') parts.push(aliases.get(v) ?? v);
    else parts.push(`${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  }
  return parts.join(' ');
}

/** A record value in one line: non-null fields, task lists in TaskId form, member states by name. */
export function valueSummary(r: TraceRecord, max = 240): string {
  if (r.value === null) return 'tombstone';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(r.value)) {
    if (v === null || (Array.isArray(v) && v.length === 0)) continue;
    if (isTaskArray(v)) parts.push(`${k}=${taskList(v)}`);
    else if (k === 'state' && typeof v === 'number' && r.type === 'StreamsGroupCurrentMemberAssignment') parts.push(`state=${STATE_NAMES.get(v) ?? v}`);
    else if (k === 'subtopologies' && Array.isArray(v)) parts.push(`subtopologies=[${v.map((s) => (isObj(s) ? String(s.subtopologyId) : '?')).join(',')}]`);
    else if (typeof v === 'string') parts.push(`${k}=${v}`);
    else parts.push(`${k}=${clip(JSON.stringify(v), 60)}`);
  }
  return clip(parts.join(', ') || '{}', max);
}

interface Participants {
  ids: Map<string, string>;
  lines: string[];
}

/** A rejection before the coordinator (by KafkaApis or the service layer). */
function front(layer: string | undefined): boolean {
  return layer === 'KafkaApis' || layer === 'service layer';
}

function participants(trace: Trace): Participants {
  const ids = new Map<string, string>();
  const lines: string[] = [];
  const add = (name: string) => {
    if (ids.has(name)) return;
    const id = `M${ids.size}`;
    ids.set(name, id);
    lines.push(`  participant ${id} as ${mermaidLabel(name)}`);
  };
  for (const s of trace.steps) {
    if (s.request !== null || s.kind === 'client') add(s.member ?? 'client');
    for (const e of s.exchanges) add(e.member);
  }
  // the broker's front layers get a lane only when they turned a request away
  if (trace.steps.some((s) => front(s.rejectedBy) || s.exchanges.some((e) => front(e.rejectedBy)))) lines.push('  participant B as Broker (KafkaApis, service layer)');
  lines.push('  participant C as Coordinator');
  lines.push(`  participant L as ${mermaidLabel('__consumer_offsets')}`);
  return { ids, lines };
}

/** The Mermaid sequence diagram of one trace. */
export function sequenceDiagram(scenario: Scenario, trace: Trace, options: MarkdownOptions = {}): string {
  const maxEx = options.maxExchangesPerStep ?? 12;
  const max = options.maxText ?? 240;
  const p = participants(trace);
  const aliases = aliasMap(trace);
  const out: string[] = ['sequenceDiagram', ...p.lines];
  const t = (s: string) => mermaidText(clip(s, max)) || ' ';
  const who = (m: string | null) => p.ids.get(m ?? 'client') ?? 'C';
  const exchange = (member: string | null, api: string | null, version: number | null, request: unknown, response: unknown, errorName: string | null, rejectedBy?: string) => {
    const m = who(member);
    const to = front(rejectedBy) ? 'B' : 'C';
    out.push(`  ${m}->>${to}: ${t(requestSummary(api, version, request))}`);
    if (to === 'B') out.push(`  Note over B: ${t(`${rejectedBy} rejects it before the coordinator sees it`)}`);
    if (response === null) return;
    const failed = errorName !== null && errorName !== 'NONE';
    out.push(`  ${to}-${failed ? '-x' : '->>'}${m}: ${t(responseSummary(api, response, errorName))}`);
  };
  const timer = (at: number, effect: string) => out.push(`  Note over C: ${t(`${at} ms: ${effect}`)}`);

  for (const s of trace.steps) {
    const label = scenario.steps[s.index]?.label;
    const passes = s.kind === 'advance' || s.kind === 'run';
    if (label !== undefined && !passes) out.push(`  Note over C: ${t(`${s.index}. ${label}`)}`);
    switch (s.kind) {
      case 'send':
      case 'client':
        if (s.request !== null) exchange(s.member, s.api, s.version, s.request, s.response, s.errorName, s.rejectedBy);
        else out.push(`  Note over ${who(s.member)}: ${t(s.label)}`);
        for (const f of s.timers) timer(f.at, f.effect);
        break;
      case 'advance':
      case 'run': {
        out.push(`  Note over C: ${t(`${label !== undefined ? `${s.index}. ${label}` : s.label} (now ${s.time} ms)`)}`);
        // timers and requests in time order (a timer due at a request's instant fires first); past
        // the limit, requests are counted and the count is drawn where they happened
        let ti = 0;
        let drawn = 0;
        let hidden = 0;
        const flush = () => {
          if (hidden > 0) out.push(`  Note over C: ${t(`… ${hidden} more request${hidden === 1 ? '' : 's'}`)}`);
          hidden = 0;
        };
        const fire = () => {
          flush();
          const f = s.timers[ti++]!;
          timer(f.at, f.effect);
          drawn = 0; // what follows a timer is worth seeing again
        };
        for (const e of s.exchanges) {
          while (ti < s.timers.length && s.timers[ti]!.at <= e.at) fire();
          if (drawn < maxEx) {
            drawn++;
            exchange(e.member, exchangeApi(e.request), null, e.request, e.response, e.errorName, e.rejectedBy);
          } else hidden++;
        }
        while (ti < s.timers.length) fire();
        flush();
        break;
      }
      case 'failover':
        out.push(`  Note over C,L: ${t('coordinator failover: a fresh coordinator replays the log; memory-only state is gone')}`);
        break;
      case 'topics':
        out.push(`  Note over C: ${t(s.label)}`);
        break;
    }
    for (const r of s.records) {
      const key = recordKey(r, aliases);
      out.push(`  C->>L: ${t(`@${r.offset} ${r.value === null ? 'tombstone ' : ''}${r.type}${key ? ` ${key}` : ''}`)}`);
    }
  }
  return out.join('\n');
}

function recordsTable(trace: Trace, max: number): string {
  const aliases = aliasMap(trace);
  const rows: string[] = [];
  for (const s of trace.steps) {
    for (const r of s.records) {
      const key = recordKey(r, aliases);
      rows.push(`| ${r.offset} | ${s.index} | ${mdText(r.type)} | ${key ? mdCode(key) : '—'} | ${r.value === null ? '*tombstone*' : mdCode(valueSummary(r, max))} |`);
    }
  }
  if (rows.length === 0) return '_No records were written._';
  return ['| offset | step | type | key | value |', '|---:|---:|---|---|---|', ...rows].join('\n');
}

function stepCell(s: TraceStep | undefined): string {
  if (!s) return '—';
  const parts: string[] = [];
  if (s.api !== null && s.response !== null) {
    const r = isObj(s.response) ? s.response : {};
    if (s.errorName && s.errorName !== 'NONE') parts.push(`✘ ${mdText(s.errorName)}`);
    else parts.push(typeof r.memberEpoch === 'number' ? `epoch ${r.memberEpoch}` : 'ok');
  }
  if (s.exchanges.length > 0) {
    const errors = s.exchanges.filter((e) => e.errorName !== 'NONE').length;
    parts.push(`${s.exchanges.length} more request${s.exchanges.length === 1 ? '' : 's'}${errors ? ` (${errors} ✘)` : ''}`);
  }
  if (s.records.length > 0) parts.push(`${s.records.length} record${s.records.length === 1 ? '' : 's'}`);
  if (s.timers.length > 0) parts.push(`${s.timers.length} timer${s.timers.length === 1 ? '' : 's'}`);
  if (s.group) parts.push(mdText(s.group.state));
  return parts.join(', ') || '—';
}

/**
 * The scenario's notes as Markdown prose that cannot hide or swallow the report around them: `<` becomes `&lt;`, so
 * no HTML comment (`<!--`, which hides the rest on GitHub), raw HTML block or tag can open; a line that would open a
 * code fence (``` or ~~~, which runs to the end of the document when unbalanced) has its first fence character
 * escaped. Emphasis, links, lists and inline code stay as written.
 */
function safeNotes(notes: string): string {
  return notes
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/</g, '&lt;').replace(/^(\s{0,3})([`~])(?=\2\2)/, '$1\\$2'))
    .join('\n');
}

/** The report. `traces`: the scenario run under each variant, in the order the columns should have. */
export function exportMarkdown(scenario: Scenario, traces: VariantTrace[], options: MarkdownOptions = {}): string {
  const max = options.maxText ?? 240;
  const out: string[] = [];
  out.push(`# ${mdText(scenario.title?.trim() || 'Untitled scenario')}`, '');
  if (scenario.notes?.trim()) out.push(safeNotes(scenario.notes.trim()), '');

  out.push('## Scenario', '');
  out.push('| | |', '|---|---|');
  out.push(`| protocol | ${mdCode(scenario.protocol)} |`);
  out.push(`| group | ${mdCode(scenario.groupId)} |`);
  out.push(`| variants | ${traces.map((v) => mdCode(String(v.variant))).join(', ') || '—'} |`);
  out.push(`| topics | ${scenario.topics.map((tp) => `${mdText(tp.name)} (${tp.partitions})`).join(', ') || '—'} |`);
  const config = Object.entries(scenario.config).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  out.push(`| config | ${config.map(([k, v]) => mdCode(`${k}=${v}`)).join(', ') || 'Kafka defaults'} |`);
  out.push(`| steps | ${scenario.steps.length} |`, '');

  // one row per step, one column per variant
  out.push('## Steps', '');
  out.push(`| # | step | ${traces.map((v) => mdCode(String(v.variant))).join(' | ')} |`);
  out.push(`|---:|---|${traces.map(() => '---').join('|')}|`);
  const n = maxOf(traces, (v) => v.trace.steps.length, 0);
  for (let i = 0; i < n; i++) {
    const label = traces.find((v) => v.trace.steps[i])?.trace.steps[i]?.label ?? '';
    out.push(`| ${i} | ${mdText(clip(label, 80))} | ${traces.map((v) => stepCell(v.trace.steps[i])).join(' | ')} |`);
  }
  out.push('');

  const seen: { variant: string; body: string }[] = [];
  for (const { variant, trace } of traces) {
    out.push(`## Variant ${mdCode(String(variant))}`, '');
    // what the variant changes and what to expect of it, from its definition (src/core/variants/)
    const name = String(variant);
    if (isVariant(name)) {
      const d = variantDefinition(name);
      out.push(`${d.proposal ? `${mdText(d.proposal)}. ` : ''}${mdText(d.summary)} *Expected:* ${mdText(d.outcome)}`, '');
    }
    const body = ['### Sequence', '', '```mermaid', sequenceDiagram(scenario, trace, options), '```', '', '### Records written', '', recordsTable(trace, max), ''].join('\n');
    const same = seen.find((s) => s.body === body);
    if (same) out.push(`Requests, responses and records are the same as under ${mdCode(same.variant)}.`, '');
    else {
      out.push(body);
      seen.push({ variant: String(variant), body });
    }
  }

  out.push('## Invariants', '');
  out.push(`| invariant | kind | ${traces.map((v) => mdCode(String(v.variant))).join(' | ')} |`);
  out.push(`|---|---|${traces.map(() => '---').join('|')}|`);
  for (const [name, info] of Object.entries(INVARIANTS) as [InvariantName, (typeof INVARIANTS)[InvariantName]][]) {
    const cells = traces.map(({ trace }) => {
      const hits = trace.steps.flatMap((s) => s.violations.filter((v) => v.invariant === name).map((v) => ({ step: s.index, message: v.message })));
      if (hits.length === 0) return '✔';
      const first = hits[0]!;
      return `✘ step ${first.step}: ${mdText(clip(first.message, max))}${hits.length > 1 ? ` (+${hits.length - 1} more)` : ''}`;
    });
    out.push(`| ${mdText(name)} | ${info.kind} | ${cells.join(' | ')} |`);
  }
  out.push('');

  out.push('## Durability', '');
  out.push('State the coordinator decides with but no record holds: a failover loses it.', '');
  out.push('| variant | decisive memory-only state | steps |', '|---|---|---|');
  for (const { variant, trace } of traces) {
    const spans = new Map<string, { first: number; last: number }>();
    for (const s of trace.steps) {
      for (const m of s.durability?.memoryOnly ?? []) {
        if (!m.decisive) continue;
        const span = spans.get(m.what);
        if (span) span.last = s.index;
        else spans.set(m.what, { first: s.index, last: s.index });
      }
    }
    if (spans.size === 0) out.push(`| ${mdCode(String(variant))} | none | — |`);
    for (const [what, { first, last }] of spans) out.push(`| ${mdCode(String(variant))} | ${mdText(clip(what, max))} | ${first === last ? first : `${first}–${last}`} |`);
  }
  out.push('');

  out.push('## Expectations', '');
  out.push('| variant | result |', '|---|---|');
  for (const { variant, trace } of traces) {
    const mismatches = trace.steps.flatMap((s) => s.mismatches.map((m) => ({ step: s.index, ...m })));
    if (mismatches.length === 0) out.push(`| ${mdCode(String(variant))} | ✔ all hold |`);
    else {
      const f = mismatches[0]!;
      const detail = `step ${f.step}: ${mdCode(f.path)} expected ${mdCode(clip(JSON.stringify(f.expected) ?? 'undefined', 80))}, actual ${mdCode(clip(JSON.stringify(f.actual) ?? 'undefined', 80))}`;
      out.push(`| ${mdCode(String(variant))} | ✘ ${mismatches.length} mismatch${mismatches.length === 1 ? '' : 'es'}; first: ${detail} |`);
    }
  }
  out.push('');
  return out.join('\n');
}

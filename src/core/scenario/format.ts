// A trace as a readable fixed-width table: one row per step, then its records, timers, extra
// heartbeats, narration and expectation mismatches as indented lines. Deterministic.
import type { Trace, TraceRecord, TraceStep } from './types.ts';
import { maxOf } from '../util/arrays.ts';

const LABEL_MAX = 32;

export function formatTrace(trace: Trace): string {
  return [...traceLines(trace)].join('\n') + '\n';
}

/** The lines of formatTrace one by one (the CLI writes them as they come: a long trace never becomes one string). */
export function* traceLines(trace: Trace): Generator<string> {
  yield `${onOneLine(trace.title) || '(untitled scenario)'}  [protocol ${trace.protocol}, variant ${trace.variant}]`;
  yield '';

  const header = ['#', 'time ms', 'label', 'member', 'api', 'error', 'epochs'];
  const rows = trace.steps.map((s) => [
    String(s.index),
    String(s.time),
    clip(onOneLine(s.label), LABEL_MAX),
    onOneLine(s.member ?? ''),
    s.api ? `${s.api} v${s.version ?? '?'}` : s.kind,
    s.errorName ?? '',
    epochs(s),
  ]);
  const widths = header.map((h, i) => maxOf(rows, (r) => (r[i] ?? '').length, h.length));
  const right = new Set([0, 1]);
  const row = (cells: string[]): string =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();

  yield row(header);
  yield row(widths.map((w) => '-'.repeat(w)));
  const indent = ' '.repeat((widths[0] ?? 1) + 2);
  for (const [i, s] of trace.steps.entries()) {
    yield row(rows[i] ?? []);
    for (const d of details(s)) yield indent + onOneLine(d);
  }

  const topics = Object.entries(trace.topics).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  yield '';
  yield `topics at the end: ${topics.length === 0 ? '(none)' : topics.map(([n, p]) => `${n}(${p})`).join(', ')}`;
  const failed = trace.steps.reduce((n, s) => n + s.mismatches.length, 0);
  if (failed > 0) yield `${failed} expectation mismatch${failed === 1 ? '' : 'es'}`;
}

/** A name or label on one line of a table or message: its line breaks and tabs shown as \n, \r, \t. */
export function onOneLine(s: string): string {
  return s.replace(/[\n\r\t]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : s.slice(0, max - 1) + '…';
}

function epochs(s: TraceStep): string {
  const parts: string[] = [];
  const r = s.response;
  if (r && typeof r === 'object' && 'memberEpoch' in r && typeof (r as { memberEpoch: unknown }).memberEpoch === 'number') {
    parts.push(`member ${(r as { memberEpoch: number }).memberEpoch}`);
  }
  if (s.group) parts.push(`group ${s.group.groupEpoch}/${s.group.assignmentEpoch} ${s.group.state}`);
  else parts.push('no group');
  return parts.join(', ');
}

function details(s: TraceStep): string[] {
  const out: string[] = [];
  const offsetWidth = maxOf(s.records, (r) => String(r.offset).length, 0);
  const typeWidth = maxOf(s.records, (r) => r.type.length, 0);
  for (const r of s.records) out.push(`record  @${String(r.offset).padStart(offsetWidth)}  ${r.type.padEnd(typeWidth)}  ${recordSummary(r)}`);
  for (const t of s.timers) out.push(`timer   ${t.at} ms  ${t.key}: ${t.effect}`);
  for (const x of s.exchanges) out.push(`beat    ${x.at} ms  ${x.member}  ${x.errorName}${exchangeEpoch(x.response)}`);
  for (const n of s.narration) out.push(`note    ${n}`);
  for (const v of s.violations ?? []) out.push(`VIOLATED ${v.invariant}: ${v.message}`);
  for (const m of s.durability?.memoryOnly ?? []) if (m.decisive) out.push(`memory  only in memory (a failover loses it): ${m.what}`);
  for (const m of s.mismatches) out.push(`FAILED  ${m.path}: expected ${show(m.expected)}, actual ${show(m.actual)}`);
  return out;
}

function recordSummary(r: TraceRecord): string {
  const key = Object.entries(r.key)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  return r.value === null ? `${key}  tombstone` : key;
}

function exchangeEpoch(response: unknown): string {
  if (response && typeof response === 'object' && 'memberEpoch' in response) {
    const e = (response as { memberEpoch: unknown }).memberEpoch;
    if (typeof e === 'number') return ` epoch ${e}`;
  }
  return '';
}

/** A value for a one-line message: JSON, with `undefined` shown as "(absent)". */
export function show(v: unknown, max = 200): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v) ?? String(v);
  return s.length <= max ? s : s.slice(0, max - 1) + '…';
}

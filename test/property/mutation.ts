// Mutated inputs for the no-internal-error property (issue 22 item 2): every example, and for every example a copy
// that starts from its own final log (initialLog holding records of every type the run wrote), each with one field
// replaced by a value of the wrong type, a null, or removed.
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = readonly (string | number)[];

const EXAMPLES_DIR = new URL('../../static/examples/', import.meta.url);

function readExamples(): { name: string; doc: Record<string, Json> }[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .sort()
    .map((f) => ({ name: f, doc: JSON.parse(readFileSync(new URL(f, EXAMPLES_DIR), 'utf8')) as Record<string, Json> }));
}

/** The example restarted from the records its run wrote: initialLog = that log, one advance step. */
function fromItsOwnLog(doc: Record<string, Json>): Record<string, Json> | null {
  const parsed = parseScenario(JSON.stringify(doc));
  if (!parsed.ok) return null;
  const records: Json[] = [];
  const trace = runScenario(parsed.scenario);
  for (const r of trace.initial?.records ?? []) records.push(JSON.parse(JSON.stringify({ type: r.type, key: r.key, value: r.value })) as Json);
  for (const step of trace.steps) {
    for (const r of step.records ?? []) records.push(JSON.parse(JSON.stringify({ type: r.type, key: r.key, value: r.value })) as Json);
  }
  if (records.length === 0) return null;
  const { steps: _steps, ...rest } = doc;
  return { ...rest, initialLog: records, steps: [{ advance: 1000 }] };
}

/** Every example, then each one started from its own log (those that write records). */
export const MUTATION_BASES: readonly { name: string; doc: Record<string, Json> }[] = (() => {
  const examples = readExamples();
  const restarted = examples.flatMap((e) => {
    const doc = fromItsOwnLog(e.doc);
    return doc ? [{ name: `${e.name} from its own log`, doc }] : [];
  });
  return [...examples, ...restarted];
})();

function allPaths(v: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => allPaths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) allPaths(v[k] as Json, [...at, k], out);
  return out;
}

const PATHS = new Map(MUTATION_BASES.map((b) => [b, allPaths(b.doc).filter((p) => p.length > 0)] as const));
const LOG_PATHS = new Map(MUTATION_BASES.map((b) => [b, (PATHS.get(b) ?? []).filter((p) => p[0] === 'initialLog')] as const));

/** Wrong types, nulls, empty and odd values; `undefined` removes the key. */
const REPLACEMENTS: readonly (Json | undefined)[] = [null, undefined, 'x', '', 0, -1, 7, 2 ** 31, 1.5, true, [], {}, [null], ['x'], [{}], [1, -1], { x: null }, '9'.repeat(30)];

export interface Mutation {
  base: string;
  path: string;
  text: string;
}

function applyAt(doc: Record<string, Json>, path: Path, replacement: Json | undefined): Record<string, Json> {
  const copy = structuredClone(doc);
  let parent: Json = copy;
  for (const k of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[k] as Json;
  const last = path[path.length - 1] as string | number;
  if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete (parent as Record<string, Json>)[last];
  } else (parent as Record<string | number, Json>)[last] = structuredClone(replacement);
  return copy;
}

/** One mutated scenario text: a base, a field (an initialLog field half the time when there is one), a replacement. */
export const mutatedScenario: fc.Arbitrary<Mutation> = fc
  .record({ base: fc.nat(), pick: fc.nat(), inLog: fc.boolean(), replacement: fc.constantFrom(...REPLACEMENTS.keys()) })
  .map(({ base, pick, inLog, replacement }) => {
    const b = MUTATION_BASES[base % MUTATION_BASES.length]!;
    const logPaths = LOG_PATHS.get(b) ?? [];
    const paths = inLog && logPaths.length > 0 ? logPaths : (PATHS.get(b) ?? []);
    const path = paths[pick % paths.length] ?? [];
    const doc = path.length === 0 ? b.doc : applyAt(b.doc, path, REPLACEMENTS[replacement]);
    return { base: b.name, path: path.join('.'), text: JSON.stringify(doc, null, 2) };
  });

const REQUEST_LOG = readFileSync(new URL('../interop/fixtures/kafka-request-log.txt', import.meta.url), 'utf8').split('\n');

/** A request log with one line's JSON value replaced, cut, or the line dropped (for `sgp import`). */
export const mutatedRequestLog: fc.Arbitrary<Mutation> = fc
  .record({ line: fc.nat(), at: fc.nat(), how: fc.constantFrom('value', 'cut', 'drop', 'null'), replacement: fc.constantFrom(...REPLACEMENTS.keys()) })
  .map(({ line, at, how, replacement }) => {
    const lines = [...REQUEST_LOG];
    const i = line % lines.length;
    const text = lines[i] ?? '';
    if (how === 'drop') lines.splice(i, 1);
    else if (how === 'cut') lines[i] = text.slice(0, at % (text.length + 1));
    else {
      // replace the value after the n-th `":` of the line
      const colons = [...text.matchAll(/":/g)].map((m) => (m.index ?? 0) + 2);
      const from = colons[at % Math.max(1, colons.length)] ?? text.length;
      const value = how === 'null' ? null : (REPLACEMENTS[replacement] ?? null);
      lines[i] = `${text.slice(0, from)}${JSON.stringify(value)}${text.slice(from).replace(/^("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)/, '')}`;
    }
    return { base: 'kafka-request-log.txt', path: `line ${i + 1}`, text: lines.join('\n') };
  });

/** The replacements tried on every field of every record type: null, missing, and a value of each wrong kind. */
const FIELD_REPLACEMENTS: readonly (Json | undefined)[] = [null, undefined, 'x', -1, 1.5, true, [], {}, ['x']];

/**
 * Every field of every record type found in the bases' initialLogs (each type's key and value, tombstones too: a
 * field of a type is taken once, from its first record), each replaced by every FIELD_REPLACEMENTS value.
 */
export function everyRecordFieldMutation(): Mutation[] {
  const seen = new Set<string>();
  const out: Mutation[] = [];
  for (const b of MUTATION_BASES) {
    const log = b.doc.initialLog;
    if (!Array.isArray(log)) continue;
    for (const path of LOG_PATHS.get(b) ?? []) {
      if (path.length < 2) continue;
      const record = log[path[1] as number] as { type?: Json; value?: Json };
      // the field's place in its record type: array indexes read as [] (one entry stands for all)
      const shape = `${String(record.type)}${record.value === null ? ' tombstone' : ''} ${path
        .slice(2)
        .map((k) => (typeof k === 'number' ? '[]' : k))
        .join('.')}`;
      if (seen.has(shape)) continue;
      seen.add(shape);
      for (const replacement of FIELD_REPLACEMENTS) {
        out.push({ base: `${b.name} (${shape})`, path: path.join('.'), text: JSON.stringify(applyAt(b.doc, path, replacement), null, 2) });
      }
    }
  }
  return out;
}

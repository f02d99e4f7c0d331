// Scenario text -> Scenario. A small JSON parser that keeps the source position (line:column,
// 1-based, columns in UTF-16 units like the editor's) of every key and value, so that every
// problem found later points at its line. Validation against the format lives in validate.ts.
import { setOwn } from '../util/own.ts';
import type { Scenario } from './types.ts';
import { validateScenario } from './validate.ts';

export interface ScenarioError {
  /** JSON path of the offending value or key, e.g. `$.steps[3].data.memberEpoch`. */
  path: string;
  line: number;
  column: number;
  message: string;
}

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

export interface Pos {
  line: number;
  column: number;
}

export type JsonNode =
  | { kind: 'object'; pos: Pos; entries: JsonEntry[] }
  | { kind: 'array'; pos: Pos; items: JsonNode[] }
  | { kind: 'string'; pos: Pos; value: string }
  | { kind: 'number'; pos: Pos; value: number; raw: string }
  | { kind: 'boolean'; pos: Pos; value: boolean }
  | { kind: 'null'; pos: Pos };

export interface JsonEntry {
  key: string;
  keyPos: Pos;
  value: JsonNode;
}

export type JsonParseResult = { ok: true; root: JsonNode } | { ok: false; error: ScenarioError };

/** Parses and validates a scenario document, filling the format's defaults. */
export function parseScenario(text: string): ParseResult {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  return validateScenario(parsed.root);
}

/**
 * Parses and validates a scenario as if its `variant` were `variant` (what `sgp explore --variant` runs): a scenario
 * that uses what the variant lacks (e.g. heartbeat v2) gets the validator's errors, at the lines of the text.
 */
export function parseScenarioUnder(text: string, variant: string): ParseResult {
  const parsed = parseJson(text);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  const root = parsed.root;
  if (root.kind === 'object') {
    const value: JsonNode = { kind: 'string', pos: root.pos, value: variant };
    const entry = root.entries.find((e) => e.key === 'variant');
    if (entry) entry.value = { ...value, pos: entry.value.pos };
    else root.entries.push({ key: 'variant', keyPos: root.pos, value });
  }
  return validateScenario(root);
}

/** JSON path helpers: `$.a.b[3]["x.y"]`. */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

/** Plain JavaScript value of a node (objects keep key order; the last duplicate key wins). */
export { setOwn };

export function toValue(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      // an own property, as JSON.parse makes it: a "__proto__" key never touches the prototype
      for (const e of node.entries) setOwn(out, e.key, toValue(e.value));
      return out;
    }
    case 'array':
      return node.items.map(toValue);
    case 'null':
      return null;
    default:
      return node.value;
  }
}

const MAX_DEPTH = 200;

class JsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

/** Parses strict JSON (RFC 8259; a leading byte-order mark is skipped). Stops at the first error. */
export function parseJson(text: string): JsonParseResult {
  const p = new Parser(text);
  try {
    return { ok: true, root: p.document() };
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    const pos = p.posAt(e.offset);
    return { ok: false, error: { path: e.path, line: pos.line, column: pos.column, message: e.message } };
  }
}

class Parser {
  private i = 0;
  private readonly lineStarts: number[] = [0];

  constructor(private readonly s: string) {
    for (let k = 0; k < s.length; k++) {
      const c = s.charCodeAt(k);
      if (c === 10) this.lineStarts.push(k + 1);
      else if (c === 13 && s.charCodeAt(k + 1) !== 10) this.lineStarts.push(k + 1);
    }
    if (s.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  posAt(offset: number): Pos {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.lineStarts[lo] ?? 0) + 1 };
  }

  document(): JsonNode {
    this.ws('$');
    if (this.i >= this.s.length) throw this.fail(this.i, '$', 'The document is empty, expected a JSON object');
    const root = this.value('$', 0);
    this.ws('$');
    if (this.i < this.s.length) {
      throw this.fail(this.i, '$', `Unexpected ${this.describe(this.i)} at ${this.where(this.i)} after the end of the document`);
    }
    return root;
  }

  private fail(offset: number, path: string, message: string): JsonSyntaxError {
    return new JsonSyntaxError(offset, path, message);
  }

  private where(offset: number): string {
    const p = this.posAt(offset);
    return `${p.line}:${p.column}`;
  }

  private describe(offset: number): string {
    if (offset >= this.s.length) return 'end of input';
    const c = this.s[offset] ?? '';
    const code = c.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return `control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.s.slice(offset, offset + 40))?.[0] ?? c;
      return `token ${word}`;
    }
    return `token ${c}`;
  }

  private unexpected(path: string, expected: string): JsonSyntaxError {
    const at = this.i;
    if (at >= this.s.length) return this.fail(at, path, `Unexpected end of input at ${this.where(at)}, expected ${expected}`);
    const c = this.s[at];
    if (c === '/' && (this.s[at + 1] === '/' || this.s[at + 1] === '*')) {
      return this.fail(at, path, `Comments are not allowed in JSON (at ${this.where(at)})`);
    }
    if (c === "'") return this.fail(at, path, `Unexpected token ' at ${this.where(at)}: JSON strings use double quotes, expected ${expected}`);
    return this.fail(at, path, `Unexpected ${this.describe(at)} at ${this.where(at)}, expected ${expected}`);
  }

  private ws(path: string): void {
    const s = this.s;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else if (c === 47 && (s[this.i + 1] === '/' || s[this.i + 1] === '*')) {
        throw this.fail(this.i, path, `Comments are not allowed in JSON (at ${this.where(this.i)})`);
      } else return;
    }
  }

  private value(path: string, depth: number): JsonNode {
    if (depth > MAX_DEPTH) throw this.fail(this.i, path, `Nesting deeper than ${MAX_DEPTH} levels at ${this.where(this.i)}`);
    const pos = this.posAt(this.i);
    const c = this.s[this.i];
    switch (c) {
      case '{':
        return this.object(path, depth, pos);
      case '[':
        return this.array(path, depth, pos);
      case '"':
        return { kind: 'string', pos, value: this.string(path) };
      case 't':
      case 'f':
      case 'n':
        return this.literal(path, pos);
      default:
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number(path, pos);
        throw this.unexpected(path, 'a value');
    }
  }

  private literal(path: string, pos: Pos): JsonNode {
    for (const [word, node] of [
      ['true', { kind: 'boolean', pos, value: true }],
      ['false', { kind: 'boolean', pos, value: false }],
      ['null', { kind: 'null', pos }],
    ] as const) {
      if (this.s.startsWith(word, this.i) && !/[A-Za-z0-9_]/.test(this.s[this.i + word.length] ?? '')) {
        this.i += word.length;
        return node;
      }
    }
    throw this.unexpected(path, 'a value');
  }

  private number(path: string, pos: Pos): JsonNode {
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(this.s.slice(this.i, this.i + 400));
    const start = this.i;
    if (!m || m[0] === '-') throw this.fail(start, path, `Invalid number at ${this.where(start)}`);
    const raw = m[0];
    const next = this.s[start + raw.length] ?? '';
    if (/[0-9.eExX_A-Za-z]/.test(next)) {
      throw this.fail(start, path, `Invalid number at ${this.where(start)} (JSON numbers have no leading zeros, hex digits or trailing dots)`);
    }
    this.i += raw.length;
    const value = Number(raw);
    if (!Number.isFinite(value)) throw this.fail(start, path, `Number out of range at ${this.where(start)}`);
    return { kind: 'number', pos, value, raw };
  }

  private string(path: string): string {
    const start = this.i;
    this.i++; // opening quote
    let out = '';
    let run = this.i;
    for (;;) {
      if (this.i >= this.s.length) throw this.fail(start, path, `Unterminated string starting at ${this.where(start)}`);
      const code = this.s.charCodeAt(this.i);
      if (code === 34) {
        out += this.s.slice(run, this.i);
        this.i++;
        return out;
      }
      if (code === 10 || code === 13) throw this.fail(start, path, `Unterminated string starting at ${this.where(start)} (a line ends inside it)`);
      if (code < 0x20) {
        throw this.fail(this.i, path, `Unescaped control character U+${code.toString(16).toUpperCase().padStart(4, '0')} in a string at ${this.where(this.i)}`);
      }
      if (code === 92) {
        out += this.s.slice(run, this.i);
        const e = this.s[this.i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && simple[e] !== undefined) {
          out += simple[e];
          this.i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) {
          out += String.fromCharCode(parseInt(this.s.slice(this.i + 2, this.i + 6), 16));
          this.i += 6;
        } else {
          throw this.fail(this.i, path, `Invalid escape sequence in a string at ${this.where(this.i)}`);
        }
        run = this.i;
        continue;
      }
      this.i++;
    }
  }

  private object(path: string, depth: number, pos: Pos): JsonNode {
    this.i++; // {
    const entries: JsonEntry[] = [];
    const seen = new Set<string>();
    this.ws(path);
    if (this.s[this.i] === '}') {
      this.i++;
      return { kind: 'object', pos, entries };
    }
    for (;;) {
      this.ws(path);
      if (this.s[this.i] !== '"') {
        if (this.s[this.i] === '}' && entries.length > 0) {
          throw this.fail(this.i, path, `Trailing comma before } at ${this.where(this.i)}`);
        }
        throw this.unexpected(path, 'a property name in double quotes');
      }
      const keyOffset = this.i;
      const keyPos = this.posAt(keyOffset);
      const key = this.string(path);
      const vpath = childPath(path, key);
      if (seen.has(key)) throw this.fail(keyOffset, vpath, `Duplicate key ${JSON.stringify(key)} at ${this.where(keyOffset)}`);
      seen.add(key);
      this.ws(vpath);
      if (this.s[this.i] !== ':') throw this.unexpected(vpath, ': after the property name');
      this.i++;
      this.ws(vpath);
      const value = this.value(vpath, depth + 1);
      entries.push({ key, keyPos, value });
      this.ws(path);
      const c = this.s[this.i];
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === '}') {
        this.i++;
        return { kind: 'object', pos, entries };
      }
      throw this.unexpected(path, ', or }');
    }
  }

  private array(path: string, depth: number, pos: Pos): JsonNode {
    this.i++; // [
    const items: JsonNode[] = [];
    this.ws(path);
    if (this.s[this.i] === ']') {
      this.i++;
      return { kind: 'array', pos, items };
    }
    for (;;) {
      const ipath = childPath(path, items.length);
      this.ws(ipath);
      if (this.s[this.i] === ']' && items.length > 0) throw this.fail(this.i, path, `Trailing comma before ] at ${this.where(this.i)}`);
      items.push(this.value(ipath, depth + 1));
      this.ws(path);
      const c = this.s[this.i];
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === ']') {
        this.i++;
        return { kind: 'array', pos, items };
      }
      throw this.unexpected(path, ', or ]');
    }
  }
}

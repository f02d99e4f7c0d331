// A small JSON parser that keeps the source position (line:column, 1-based, columns in UTF-16 units
// like the editor's) of every key and value, so that every problem found later points at its line.
// Scenario text -> Scenario (parse, then validate) lives in parse.ts.
import { setOwn } from '../util/own.ts';
import type { Scenario } from './types.ts';

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

// Positions (and a number's source text) are computed when asked for, from the offset each node keeps:
// a node holds its offset and its value only, so the parsed tree stays within about 10x the input's size.
export type JsonNode =
  | { readonly kind: 'object'; readonly pos: Pos; readonly entries: JsonEntry[] }
  | { readonly kind: 'array'; readonly pos: Pos; readonly items: JsonNode[] }
  | { readonly kind: 'string'; readonly pos: Pos; readonly value: string }
  | { readonly kind: 'number'; readonly pos: Pos; readonly value: number; readonly raw: string }
  | { readonly kind: 'boolean'; readonly pos: Pos; readonly value: boolean }
  | { readonly kind: 'null'; readonly pos: Pos };

export interface JsonEntry {
  readonly key: string;
  readonly keyPos: Pos;
  readonly value: JsonNode;
}

export type JsonParseResult = { ok: true; root: JsonNode } | { ok: false; error: ScenarioError };

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

/** A number in JSON's grammar (the longest match at a position). */
const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;

/** The source text and where its lines start (one Int32Array: 4 bytes per line). */
class Source {
  readonly lineStarts: Int32Array;

  constructor(readonly text: string) {
    let lines = 1;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c === 10 || (c === 13 && text.charCodeAt(k + 1) !== 10)) lines++;
    }
    this.lineStarts = new Int32Array(lines);
    let n = 1;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c === 10 || (c === 13 && text.charCodeAt(k + 1) !== 10)) this.lineStarts[n++] = k + 1;
    }
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

  numberAt(offset: number): string {
    NUMBER.lastIndex = offset;
    return NUMBER.exec(this.text)?.[0] ?? '';
  }
}

/**
 * The node classes of one parse: each instance keeps its offset and value, and reaches the source through
 * its class (made per parse), so no node spends a field on it.
 */
function nodeClasses(src: Source) {
  class At {
    constructor(readonly offset: number) {}
    get pos(): Pos {
      return src.posAt(this.offset);
    }
  }
  class ObjectNode extends At {
    constructor(
      offset: number,
      readonly entries: JsonEntry[],
    ) {
      super(offset);
    }
    get kind(): 'object' {
      return 'object';
    }
  }
  class ArrayNode extends At {
    constructor(
      offset: number,
      readonly items: JsonNode[],
    ) {
      super(offset);
    }
    get kind(): 'array' {
      return 'array';
    }
  }
  class StringNode extends At {
    constructor(
      offset: number,
      readonly value: string,
    ) {
      super(offset);
    }
    get kind(): 'string' {
      return 'string';
    }
  }
  class NumberNode extends At {
    constructor(
      offset: number,
      readonly value: number,
    ) {
      super(offset);
    }
    get kind(): 'number' {
      return 'number';
    }
    get raw(): string {
      return src.numberAt(this.offset);
    }
  }
  class BooleanNode extends At {
    constructor(
      offset: number,
      readonly value: boolean,
    ) {
      super(offset);
    }
    get kind(): 'boolean' {
      return 'boolean';
    }
  }
  class NullNode extends At {
    get kind(): 'null' {
      return 'null';
    }
  }
  class Entry {
    constructor(
      readonly key: string,
      private readonly keyOffset: number,
      readonly value: JsonNode,
    ) {}
    get keyPos(): Pos {
      return src.posAt(this.keyOffset);
    }
  }
  return { ObjectNode, ArrayNode, StringNode, NumberNode, BooleanNode, NullNode, Entry };
}

/** A list at its exact length (a growing array keeps spare capacity: up to 16 empty slots on a short one). */
function fit<T>(list: T[]): T[] {
  return list.length < 64 ? list.slice() : list;
}

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
  private readonly src: Source;
  private readonly make: ReturnType<typeof nodeClasses>;

  constructor(private readonly s: string) {
    this.src = new Source(s);
    this.make = nodeClasses(this.src);
    if (s.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  posAt(offset: number): Pos {
    return this.src.posAt(offset);
  }

  /** Short strings (keys, aliases, names) repeat: one copy of each. */
  private readonly short = new Map<string, string>();

  private intern(s: string): string {
    if (s.length > 32) return s;
    const known = this.short.get(s);
    if (known !== undefined) return known;
    this.short.set(s, s);
    return s;
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
    const pos = this.i;
    const c = this.s[this.i];
    switch (c) {
      case '{':
        return this.object(path, depth, pos);
      case '[':
        return this.array(path, depth, pos);
      case '"':
        return new this.make.StringNode(pos, this.string(path));
      case 't':
      case 'f':
      case 'n':
        return this.literal(path, pos);
      default:
        if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.number(path, pos);
        throw this.unexpected(path, 'a value');
    }
  }

  private literal(path: string, pos: number): JsonNode {
    for (const word of ['true', 'false', 'null'] as const) {
      if (this.s.startsWith(word, this.i) && !/[A-Za-z0-9_]/.test(this.s[this.i + word.length] ?? '')) {
        this.i += word.length;
        return word === 'null' ? new this.make.NullNode(pos) : new this.make.BooleanNode(pos, word === 'true');
      }
    }
    throw this.unexpected(path, 'a value');
  }

  private number(path: string, pos: number): JsonNode {
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.s);
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
    return new this.make.NumberNode(pos, value);
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
        return this.intern(out);
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

  private object(path: string, depth: number, pos: number): JsonNode {
    this.i++; // {
    const entries: JsonEntry[] = [];
    const seen = new Set<string>();
    this.ws(path);
    if (this.s[this.i] === '}') {
      this.i++;
      return new this.make.ObjectNode(pos, entries);
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
      const key = this.string(path);
      const vpath = childPath(path, key);
      if (seen.has(key)) throw this.fail(keyOffset, vpath, `Duplicate key ${JSON.stringify(key)} at ${this.where(keyOffset)}`);
      seen.add(key);
      this.ws(vpath);
      if (this.s[this.i] !== ':') throw this.unexpected(vpath, ': after the property name');
      this.i++;
      this.ws(vpath);
      const value = this.value(vpath, depth + 1);
      entries.push(new this.make.Entry(key, keyOffset, value));
      this.ws(path);
      const c = this.s[this.i];
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === '}') {
        this.i++;
        return new this.make.ObjectNode(pos, fit(entries));
      }
      throw this.unexpected(path, ', or }');
    }
  }

  private array(path: string, depth: number, pos: number): JsonNode {
    this.i++; // [
    const items: JsonNode[] = [];
    this.ws(path);
    if (this.s[this.i] === ']') {
      this.i++;
      return new this.make.ArrayNode(pos, items);
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
        return new this.make.ArrayNode(pos, fit(items));
      }
      throw this.unexpected(path, ', or ]');
    }
  }
}

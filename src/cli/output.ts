// What sgp prints (issue 22 item 4): text from a scenario or a link (titles, aliases, labels, group ids) must not reach
// the terminal as control characters: an ESC sequence moves the cursor, OSC 0 retitles the window, OSC 52 writes the
// clipboard. And `--json` prints a trace of any size: it is written in chunks, never built as one string (a string
// longer than V8's limit fails with "Invalid string length").

/** C0 controls but newline and tab, DEL, and C1 controls, each shown as a visible \xNN escape. */
export function terminalSafe(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * JSON text safe for a terminal with the same value: JSON.stringify escapes C0 controls already; DEL and the C1
 * controls (raw in its output) can only stand inside strings, where \u escapes mean the same characters.
 */
export function jsonTerminalSafe(json: string): string {
  return json.replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Arrays longer than this, and objects above this depth, are written element by element. */
const STREAM_ARRAY_LENGTH = 64;
const STREAM_DEPTH = 3;
/** Chunks handed to the writer are about this many characters. */
const CHUNK_CHARS = 1 << 16;

/** Writes each line and a newline to `write` in chunks of about 64 KiB: a long text is never built as one string. */
export function writeLines(lines: Iterable<string>, write: (chunk: string) => void): void {
  let buffer = '';
  for (const line of lines) {
    buffer += line + '\n';
    if (buffer.length >= CHUNK_CHARS) {
      write(buffer);
      buffer = '';
    }
  }
  if (buffer !== '') write(buffer);
}

/**
 * Writes JSON.stringify(value, null, 2) to `write` in chunks of about 64 KiB, with the same text: long arrays and the
 * outer objects are walked, every element is stringified on its own. For plain JSON data (what a trace is).
 */
export function writeJson(value: unknown, write: (chunk: string) => void): void {
  let buffer = '';
  const emit = (s: string): void => {
    buffer += s;
    if (buffer.length >= CHUNK_CHARS) {
      write(buffer);
      buffer = '';
    }
  };
  walk(value, 0, emit);
  write(buffer);
}

function walk(value: unknown, depth: number, emit: (s: string) => void): void {
  const pad = '  '.repeat(depth + 1);
  const close = '  '.repeat(depth);
  if (Array.isArray(value) && (value.length > STREAM_ARRAY_LENGTH || depth < STREAM_DEPTH)) {
    if (value.length === 0) return emit('[]');
    emit('[\n');
    value.forEach((el, i) => {
      emit(pad);
      const text = elementJson(el);
      if (text === null) emit('null');
      else if (isContainer(el)) walk(el, depth + 1, emit);
      else emit(text);
      emit(i < value.length - 1 ? ',\n' : '\n');
    });
    return emit(`${close}]`);
  }
  if (isPlainObject(value) && depth < STREAM_DEPTH) {
    const entries = Object.entries(value).filter(([, v]) => elementJson(v) !== null);
    if (entries.length === 0) return emit('{}');
    emit('{\n');
    entries.forEach(([k, v], i) => {
      emit(`${pad}${JSON.stringify(k)}: `);
      if (isContainer(v)) walk(v, depth + 1, emit);
      else emit(elementJson(v) as string);
      emit(i < entries.length - 1 ? ',\n' : '\n');
    });
    return emit(`${close}}`);
  }
  const text = JSON.stringify(value, null, 2);
  emit(text === undefined ? 'null' : text.replace(/\n/g, `\n${close}`));
}

/** The JSON of a value that is written as it is (null for what JSON.stringify leaves out: undefined, functions). */
function elementJson(v: unknown): string | null {
  if (isContainer(v)) return '';
  const text = JSON.stringify(v);
  return text === undefined ? null : text;
}

function isContainer(v: unknown): boolean {
  return Array.isArray(v) || isPlainObject(v);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

// A deterministic estimate of the heap a value holds, for the run budget's heap limit where the core cannot read the
// heap (it has no process): the same value gives the same estimate in Node and in a browser. The costs model V8 on a
// 64-bit host without pointer compression (Node's build): an 8-byte slot per property or element, a header per object.
// Property names are not counted (a hidden class shares them); a string is counted wherever it is referenced.

const OBJECT = 24;
const ARRAY = 32;
const SLOT = 8;
const STRING = 16;
const HEAP_NUMBER = 16;
const MAP = 64;
const MAP_ENTRY = 40;
const SET_ENTRY = 24;
const BUFFER = 64;

function stringBytes(s: string): number {
  return STRING + ((s.length + 7) & ~7);
}

/** Small integers live in the slot itself; any other number is a separate heap number. */
function numberBytes(n: number): number {
  return Number.isInteger(n) && n >= -(2 ** 30) && n < 2 ** 30 ? 0 : HEAP_NUMBER;
}

/**
 * The estimated bytes of `value` and everything it reaches that `seen` does not hold (each object counted once; the
 * objects reached are added to `seen`, so a later call counts only what is new), leaving out what `shared` holds (a
 * state it shares with another, counted there). An own getter is read (nothing the
 * estimate walks has one but a step's group view, which it never walks); functions are not entered. Without `seen`, a
 * value reached twice counts twice (fine for the trees a trace holds).
 */
export function approxBytes(value: unknown, seen: Set<object> | null = null, shared: ReadonlySet<object> | null = null): number {
  let total = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    switch (typeof v) {
      case 'string':
        total += stringBytes(v);
        continue;
      case 'number':
        total += numberBytes(v);
        continue;
      case 'object':
        break;
      default:
        continue;
    }
    if (v === null) continue;
    if (shared?.has(v)) continue;
    if (seen) {
      if (seen.has(v)) continue;
      seen.add(v);
    }
    if (Array.isArray(v)) {
      total += ARRAY + SLOT * v.length;
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (v instanceof Map) {
      total += MAP + MAP_ENTRY * v.size;
      for (const [k, x] of v) stack.push(k, x);
    } else if (v instanceof Set) {
      total += MAP + SET_ENTRY * v.size;
      for (const x of v) stack.push(x);
    } else if (ArrayBuffer.isView(v)) {
      total += BUFFER + v.byteLength;
    } else if (v instanceof ArrayBuffer) {
      total += BUFFER + v.byteLength;
    } else {
      const keys = Object.keys(v);
      total += OBJECT + SLOT * keys.length;
      for (let i = 0; i < keys.length; i++) stack.push((v as Record<string, unknown>)[keys[i]!]);
    }
  }
  return total;
}

/** The estimated bytes of a list of strings (narration lines). */
export function stringsBytes(lines: readonly string[], from = 0): number {
  let total = 0;
  for (let i = from; i < lines.length; i++) total += stringBytes(lines[i]!);
  return total;
}

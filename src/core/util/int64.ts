// A Java long as the playground's JSON carries it: a number where it is a safe integer, else its decimal string (the
// form the record codec reads a full int64 into, src/core/wire/codec.ts), so a value beyond ±(2^53−1) keeps every digit.

export type Int64Json = number | string;

/** `v` (a signed 64-bit value) in its JSON form. */
export function int64Json(v: bigint): Int64Json {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : String(v);
}

const isUnsafeInteger = (literal: string): boolean => !Number.isSafeInteger(Number(literal));

/**
 * JSON text with every integer literal outside strings that is not a safe integer quoted, so JSON.parse keeps all its
 * digits as the decimal-string form above (Kafka prints a long such as a metadataHash as a bare number). Decimals and
 * exponents are left alone.
 */
export function quoteUnsafeIntegers(text: string): string {
  let out = '';
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      continue;
    }
    if (ch !== '-' && (ch < '0' || ch > '9')) continue;
    let j = ch === '-' ? i + 1 : i;
    while (j < text.length && text[j]! >= '0' && text[j]! <= '9') j++;
    const next = text[j];
    const literal = text.slice(i, j);
    if (next !== '.' && next !== 'e' && next !== 'E' && literal !== '-' && isUnsafeInteger(literal)) {
      out += `${text.slice(from, i)}"${literal}"`;
      from = j;
    }
    i = j - 1;
  }
  return out + text.slice(from);
}

/** JSON.parse that keeps a long beyond ±(2^53−1) as its decimal string (quoteUnsafeIntegers). */
export const parseJsonKeepingInt64 = (text: string): unknown => JSON.parse(quoteUnsafeIntegers(text));

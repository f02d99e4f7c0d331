// A Java long as the playground's JSON carries it: a number where it is a safe integer, else its decimal string (the
// form the record codec reads a full int64 into, src/core/wire/codec.ts), so a value beyond ±(2^53−1) keeps every digit.

export type Int64Json = number | string;

/** `v` (a signed 64-bit value) in its JSON form. */
export function int64Json(v: bigint): Int64Json {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : String(v);
}

// Byte-level primitives of Kafka's binary protocol: big-endian fixed-width integers, unsigned varints, UTF-8,
// hex and base64 text forms. Pure: Uint8Array/DataView/TextEncoder only (runs in the browser; no Node Buffer).
import { WireError } from './types.ts';

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder('utf-8', { fatal: true });

export function utf8(s: string): Uint8Array {
  return utf8Encoder.encode(s);
}

/** Decodes UTF-8 strictly (malformed input is an error, as Kafka's readers reject it). */
export function fromUtf8(b: Uint8Array): string | undefined {
  try {
    return utf8Decoder.decode(b);
  } catch {
    return undefined;
  }
}

/** Growable output buffer. */
export class Writer {
  private buf = new Uint8Array(64);
  private view = new DataView(this.buf.buffer);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.length + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  int8(v: number): void {
    this.room(1);
    this.view.setInt8(this.length, v);
    this.length += 1;
  }
  int16(v: number): void {
    this.room(2);
    this.view.setInt16(this.length, v);
    this.length += 2;
  }
  uint16(v: number): void {
    this.room(2);
    this.view.setUint16(this.length, v);
    this.length += 2;
  }
  int32(v: number): void {
    this.room(4);
    this.view.setInt32(this.length, v);
    this.length += 4;
  }
  int64(v: bigint): void {
    this.room(8);
    this.view.setBigInt64(this.length, v);
    this.length += 8;
  }
  float64(v: number): void {
    this.room(8);
    this.view.setFloat64(this.length, v);
    this.length += 8;
  }
  // Unsigned varint: 7 bits per byte, least significant group first, high bit = more bytes follow.
  uvarint(v: number): void {
    let x = v >>> 0;
    while (x >= 0x80) {
      this.int8u((x & 0x7f) | 0x80);
      x >>>= 7;
    }
    this.int8u(x);
  }
  private int8u(v: number): void {
    this.room(1);
    this.buf[this.length++] = v;
  }
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }
  finish(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** Number of bytes of the unsigned varint encoding of v. */
export function uvarintSize(v: number): number {
  let x = v >>> 0;
  let n = 1;
  while (x >= 0x80) {
    x >>>= 7;
    n++;
  }
  return n;
}

/** Input cursor; `end` bounds reads (a tagged field's payload is read through a bounded reader). */
export class Reader {
  readonly bytes: Uint8Array;
  private readonly view: DataView;
  pos: number;
  readonly end: number;

  constructor(bytes: Uint8Array, pos = 0, end = bytes.length) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = pos;
    this.end = end;
  }
  get remaining(): number {
    return this.end - this.pos;
  }
  need(n: number, path: string, what: string): void {
    if (this.pos + n > this.end) {
      throw new WireError(`truncated at byte ${this.pos} reading ${path || '(message)'}: ${what} needs ${n} byte${n === 1 ? '' : 's'}, ${this.remaining} left`, this.pos, path);
    }
  }
  int8(path: string): number {
    this.need(1, path, 'int8');
    return this.view.getInt8(this.pos++);
  }
  uint8(path: string): number {
    this.need(1, path, 'byte');
    return this.view.getUint8(this.pos++);
  }
  int16(path: string): number {
    this.need(2, path, 'int16');
    const v = this.view.getInt16(this.pos);
    this.pos += 2;
    return v;
  }
  uint16(path: string): number {
    this.need(2, path, 'uint16');
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }
  int32(path: string): number {
    this.need(4, path, 'int32');
    const v = this.view.getInt32(this.pos);
    this.pos += 4;
    return v;
  }
  int64(path: string): bigint {
    this.need(8, path, 'int64');
    const v = this.view.getBigInt64(this.pos);
    this.pos += 8;
    return v;
  }
  float64(path: string): number {
    this.need(8, path, 'float64');
    const v = this.view.getFloat64(this.pos);
    this.pos += 8;
    return v;
  }
  // Unsigned varint of at most 5 bytes (32 bits); a longer one is corrupt.
  uvarint(path: string, what: string): number {
    const start = this.pos;
    let result = 0;
    for (let i = 0; i < 5; i++) {
      this.need(1, path, what);
      const b = this.bytes[this.pos++]!;
      if (i === 4 && b > 0x0f) {
        throw new WireError(`corrupt varint at byte ${start} reading ${path || '(message)'}: ${what} does not fit in 32 bits`, start, path);
      }
      result += (b & 0x7f) * 2 ** (7 * i);
      if ((b & 0x80) === 0) return result;
    }
    throw new WireError(`corrupt varint at byte ${start} reading ${path || '(message)'}: ${what} is longer than 5 bytes`, start, path);
  }
  take(n: number, path: string, what: string): Uint8Array {
    this.need(n, path, what);
    const b = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }
}

// ---- text forms ----

const HEX = '0123456789abcdef';

/** Lower-case hex, one space between bytes. */
export function toHex(bytes: Uint8Array, separator = ' '): string {
  const out: string[] = [];
  for (const b of bytes) out.push(HEX[b >> 4]! + HEX[b & 15]!);
  return out.join(separator);
}

/** Parses hex text; spaces, newlines, tabs, commas and `0x` prefixes are ignored. */
export function fromHex(text: string): Uint8Array {
  const clean = text.replace(/0x/gi, '').replace(/[\s,]+/g, '');
  const bad = clean.search(/[^0-9a-fA-F]/);
  if (bad >= 0) throw new WireError(`not a hex digit: ${JSON.stringify(clean[bad])} (hex digit ${bad})`, bad, '');
  if (clean.length % 2 !== 0) throw new WireError(`odd number of hex digits (${clean.length})`, clean.length >> 1, '');
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(2 * i, 2 * i + 2), 16);
  return out;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64 (standard alphabet with padding, or URL-safe without padding). */
export function toBase64(b: Uint8Array, url = false): string {
  const alpha = url ? B64URL : B64;
  let out = '';
  for (let i = 0; i < b.length; i += 3) {
    const n = (b[i]! << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    out += alpha[(n >> 18) & 63]! + alpha[(n >> 12) & 63]!;
    out += i + 1 < b.length ? alpha[(n >> 6) & 63]! : url ? '' : '=';
    out += i + 2 < b.length ? alpha[n & 63]! : url ? '' : '=';
  }
  return out;
}

/** Parses base64 in either alphabet, padding optional; undefined if malformed. */
export function fromBase64(s: string): Uint8Array | undefined {
  const clean = s.replace(/=+$/, '');
  const vals: number[] = [];
  for (const c of clean) {
    let v = B64.indexOf(c);
    if (v < 0) v = B64URL.indexOf(c);
    if (v < 0) return undefined;
    vals.push(v);
  }
  if (vals.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((vals.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (const v of vals) {
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

// Share links: the whole scenario text in the URL fragment, never sent to a server.
//
//   #sgp=2.<payload>.<check>[.<step>]      (format 1, still opened: #sgp=1.<payload>[.<step>])
//
// version: the link format (2). payload: base64url (no padding) of the raw-DEFLATE of the UTF-8
// scenario text. check: base64url of the CRC-32 of "<payload>[.<step>]" (6 characters), so an edited or
// damaged link is refused instead of opening as another scenario. step: the selected step index
// (optional). Decoding only decompresses and decodes text; it never evaluates anything, and refuses
// oversized or newer-format links. Format 1 links (no check) open with a note that they cannot be verified.
import { Inflate, deflateSync } from 'fflate/browser';
import { crc32 } from '../util/crc32.ts';
import { decodeUtf8 } from '../util/utf8.ts';

export const LINK_FORMAT_VERSION = 2;
export const LINK_PREFIX = 'sgp=';
/** Longest fragment accepted (characters). */
export const MAX_FRAGMENT_CHARS = 200_000;
/** Largest decompressed scenario accepted (bytes). */
export const MAX_TEXT_BYTES = 1024 * 1024;

export type DecodeFailure = { ok: false; reason: 'corrupt' | 'too-large' | 'newer-format' | 'not-a-link'; message: string };
export type DecodeResult =
  { ok: true; text: string; step: number | null; version: number; /** null: the checksum matched; else why the link could not be verified. */ unverified: string | null } | DecodeFailure;

/** What a format-1 link (made before links carried a checksum) opens with. */
export const UNVERIFIED_NOTE = 'This link was made before share links carried a checksum, so the playground cannot tell whether it arrived unchanged.';

/** The fragment (with its leading '#') for a scenario text and an optional selected step. */
export function encodeLink(scenarioText: string, step: number | null): string {
  if (step !== null && !(Number.isSafeInteger(step) && step >= 0)) throw new RangeError(`step must be a non-negative integer, got ${step}`);
  const payload = base64UrlEncode(deflateSync(new TextEncoder().encode(scenarioText), { level: 9 }));
  return `#${LINK_PREFIX}${LINK_FORMAT_VERSION}.${payload}.${checkOf(payload, step)}${step === null ? '' : `.${step}`}`;
}

/** The check part: base64url of the big-endian CRC-32 of "<payload>[.<step>]". */
function checkOf(payload: string, step: number | null): string {
  const crc = crc32(new TextEncoder().encode(step === null ? payload : `${payload}.${step}`));
  return base64UrlEncode(new Uint8Array([crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255]));
}

/** Decodes a fragment (with or without '#'), or a whole URL that contains one. */
export function decodeLink(fragment: string): DecodeResult {
  if (fragment.length > MAX_FRAGMENT_CHARS) {
    return fail('too-large', `This link is ${fragment.length} characters long; the playground opens links of up to ${MAX_FRAGMENT_CHARS}.`);
  }
  const hash = fragment.indexOf('#');
  const body = (hash >= 0 ? fragment.slice(hash + 1) : fragment).trim();
  if (!body.startsWith(LINK_PREFIX)) return fail('not-a-link', 'This is not a playground share link (it should start with "#sgp=").');

  const m = /^(\d{1,9})(?:\.|$)/.exec(body.slice(LINK_PREFIX.length));
  if (!m?.[1]) return fail('corrupt', 'This share link is damaged: its format version is missing.');
  const version = Number(m[1]);
  if (version > LINK_FORMAT_VERSION) {
    return fail(
      'newer-format',
      `This link was made by a newer version of the playground (link format ${version}); this version reads format ${LINK_FORMAT_VERSION}. Update the playground to open it.`,
    );
  }
  if (version < 1) return fail('corrupt', `This share link is damaged: link format ${version} does not exist.`);

  const parts = body.slice(LINK_PREFIX.length).split('.');
  // format 2 has the check after the payload; format 1 has none
  const checked = version >= 2;
  const min = checked ? 3 : 2;
  if (parts.length < min || parts.length > min + 1) {
    return fail('corrupt', `This share link is damaged: it should look like ${checked ? '#sgp=2.<data>.<check> or #sgp=2.<data>.<check>.<step>' : '#sgp=1.<data> or #sgp=1.<data>.<step>'}.`);
  }
  const payload = parts[1] ?? '';
  let step: number | null = null;
  if (parts.length === min + 1) {
    const s = parts[min] ?? '';
    if (!/^\d{1,9}$/.test(s)) return fail('corrupt', 'This share link is damaged: the selected step is not a number.');
    step = Number(s);
  }
  if (checked && parts[2] !== checkOf(payload, step)) return fail('corrupt', 'This share link is damaged: its checksum does not match (was it edited, or cut off when copied?).');

  const bytes = base64UrlDecode(payload);
  if (bytes === null || bytes.length === 0) return fail('corrupt', 'This share link is damaged: its data is not valid base64url (was it cut off or edited?).');
  const inflated = inflateLimited(bytes, MAX_TEXT_BYTES);
  if (inflated === 'too-large') return fail('too-large', `This link's scenario is larger than ${MAX_TEXT_BYTES / 1024 / 1024} MiB once unpacked; the playground does not open it.`);
  if (inflated === 'corrupt') return fail('corrupt', 'This share link is damaged: its data does not unpack (was it cut off when copied?).');
  // strict UTF-8; a leading byte-order mark stays in the text, as encodeLink took it (the parser skips it)
  const text = decodeUtf8(inflated);
  if (!text.ok) return fail('corrupt', `This share link is damaged: its data is ${text.message}.`);
  return { ok: true, text: text.text, step, version, unverified: checked ? null : UNVERIFIED_NOTE };
}

function fail(reason: DecodeFailure['reason'], message: string): DecodeFailure {
  return { ok: false, reason, message };
}

/** Inflates in small input pieces so a tiny payload cannot expand past `max` bytes in memory. */
function inflateLimited(data: Uint8Array, max: number): Uint8Array | 'too-large' | 'corrupt' {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let tooLarge = false;
  let ended = false;
  const inflate = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > max) {
      tooLarge = true;
      throw new RangeError('too large');
    }
    chunks.push(chunk);
    if (final) ended = true;
  });
  const STEP = 512;
  try {
    for (let i = 0; i < data.length; i += STEP) {
      inflate.push(data.subarray(i, Math.min(data.length, i + STEP)), i + STEP >= data.length);
    }
  } catch {
    return tooLarge ? 'too-large' : 'corrupt';
  }
  if (!ended) return 'corrupt';
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LOOKUP = new Map([...ALPHABET].map((c, i) => [c, i]));

export function base64UrlEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    const left = bytes.length - i;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    if (left > 1) out += ALPHABET[(n >> 6) & 63]!;
    if (left > 2) out += ALPHABET[n & 63]!;
  }
  return out;
}

/** Strict base64url without padding; null when a character or the length is invalid. */
export function base64UrlDecode(s: string): Uint8Array | null {
  if (s.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < s.length; i += 4) {
    let n = 0;
    const len = Math.min(4, s.length - i);
    for (let j = 0; j < 4; j++) {
      const v = j < len ? LOOKUP.get(s[i + j] ?? '') : 0;
      if (v === undefined) return null;
      n = (n << 6) | v;
    }
    out[o++] = (n >> 16) & 255;
    if (len > 2) out[o++] = (n >> 8) & 255;
    if (len > 3) out[o++] = n & 255;
  }
  return out.subarray(0, o);
}

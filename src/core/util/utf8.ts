// Strict UTF-8 decoding that names the byte offset of the first ill-formed sequence (TextDecoder's fatal
// mode only says that one exists). A leading byte-order mark is kept as U+FEFF: the JSON parser skips it.

export type Utf8Result = { ok: true; text: string } | { ok: false; offset: number; message: string };

export function decodeUtf8(bytes: Uint8Array): Utf8Result {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const byte = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    return { ok: false, offset, message: `not UTF-8 text: the byte 0x${byte} at offset ${offset} does not begin a well-formed UTF-8 character` };
  }
}

/** The offset of the first byte that does not start a well-formed UTF-8 sequence (Unicode Table 3-7), or -1. */
export function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) n = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      n = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      n = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k <= n; k++) {
      const x = b[i + k];
      if (x === undefined || x < (k === 1 ? lo : 0x80) || x > (k === 1 ? hi : 0xbf)) return i;
    }
    i += n + 1;
  }
  return -1;
}

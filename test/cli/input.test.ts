// Issue 13, defects 5 and 6: sgp reads at most 16 MiB per file, refuses non-UTF-8 input naming the byte
// offset, keeps a leading byte-order mark (as the share link does), and the parser's tree stays compact.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInput } from '../../src/cli/input.ts';
import { MAX_INPUT_BYTES } from '../../src/core/limits.ts';
import { parseJson, parseScenario } from '../../src/core/scenario/parse.ts';
import { decodeLink, encodeLink } from '../../src/core/share/link.ts';
import { decodeUtf8, firstInvalidUtf8 } from '../../src/core/util/utf8.ts';

const dir = mkdtempSync(join(tmpdir(), 'sgp-input-'));
const file = (name: string, bytes: Uint8Array | string) => {
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return p;
};

describe('sgp input files', () => {
  it('FF FE bytes are refused with the offset (they used to become U+FFFD)', async () => {
    await expect(readInput(file('bom16.json', new Uint8Array([0xff, 0xfe, 0x7b, 0x7d])))).rejects.toMatchObject({
      code: 'EILSEQ',
      message: 'not UTF-8 text: the byte 0xFF at offset 0 does not begin a well-formed UTF-8 character',
    });
    await expect(readInput(file('cut.json', new Uint8Array([...new TextEncoder().encode('{"title":"caf'), 0xc3, 0x22, 0x7d])))).rejects.toMatchObject({ message: /offset 13/ });
  });

  it('a file larger than 16 MiB is refused before it is read', async () => {
    expect(MAX_INPUT_BYTES).toBe(16 * 1024 * 1024);
    await expect(readInput(file('big.json', ' '.repeat(MAX_INPUT_BYTES + 1)))).rejects.toMatchObject({ code: 'EFBIG', message: 'larger than 16 MiB, the most sgp reads' });
    expect(await readInput(file('ok.json', '{"format":1}'))).toBe('{"format":1}');
  });

  it('a leading byte-order mark is kept, and the scenario parses', async () => {
    const text = await readInput(file('bom8.json', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"format":1}')])));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(parseScenario(text).ok).toBe(true);
  });
});

describe('strict UTF-8', () => {
  it('finds the first ill-formed sequence (overlong, surrogate, above U+10FFFF, truncated)', () => {
    const cases: [number[], number][] = [
      [[0x61, 0x62], -1],
      [[0xe2, 0x82, 0xac], -1],
      [[0xf0, 0x9f, 0x98, 0x80], -1],
      [[0x61, 0xc0, 0xaf], 1],
      [[0xed, 0xa0, 0x80], 0],
      [[0xf4, 0x90, 0x80, 0x80], 0],
      [[0x61, 0x62, 0xe2, 0x82], 2],
      [[0x80], 0],
    ];
    for (const [bytes, at] of cases) {
      expect(firstInvalidUtf8(new Uint8Array(bytes)), bytes.join(' ')).toBe(at);
      expect(decodeUtf8(new Uint8Array(bytes)).ok).toBe(at === -1);
    }
  });

  it('the share link keeps a leading byte-order mark across the round trip', () => {
    const text = '\ufeff{"format":1}';
    const r = decodeLink(encodeLink(text, null));
    expect(r.ok && r.text).toBe(text);
  });
});

describe('the parser keeps offsets, not positions', () => {
  it('positions and number text are computed when asked for', () => {
    const r = parseJson('{\n  "a": [1, -2.50e3,\r\n true],\n  "b": null\n}');
    if (!r.ok) throw new Error(r.error.message);
    const root = r.root;
    if (root.kind !== 'object') throw new Error('object expected');
    const [a, b] = root.entries;
    expect(a!.keyPos).toEqual({ line: 2, column: 3 });
    if (a!.value.kind !== 'array') throw new Error('array expected');
    const [one, two, yes] = a!.value.items;
    expect([one!.pos, two!.pos, yes!.pos]).toEqual([
      { line: 2, column: 9 },
      { line: 2, column: 12 },
      { line: 3, column: 2 },
    ]);
    expect(two!.kind === 'number' && [two!.value, two!.raw]).toEqual([-2500, '-2.50e3']);
    expect(b!.value.kind).toBe('null');
    expect(b!.value.pos).toEqual({ line: 4, column: 8 });
  });

  it('a 2,000,000-element array parses (the 13M-element repro exhausted a 2.5 GB heap)', () => {
    const text = `{"format":1,"notes":"x","steps":[${'1,'.repeat(1_999_999)}1]}`;
    const r = parseJson(text);
    expect(r.ok).toBe(true);
    const s = parseScenario(text);
    expect(!s.ok && s.errors.length).toBe(50);
  });
});

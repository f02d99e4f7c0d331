// Test vectors for every primitive and encoding of Kafka's binary format, via the byte layer and tiny schemas.
import { describe, expect, it } from 'vitest';
import { Reader, Writer, fromBase64, toBase64, uvarintSize } from '../../src/core/wire/bytes.ts';
import { annotate, decodeMessage, encodeMessage, fromHex, toHex, WireError } from '../../src/core/wire/index.ts';
import { hex, hx, testSchema } from './helpers.ts';
import { decodeCoordinatorRecord, encodeCoordinatorRecord } from '../../src/core/wire/coordinatorRecords.ts';

const uvarint = (v: number): string => {
  const w = new Writer();
  w.uvarint(v);
  return hex(w.finish());
};

describe('unsigned varint', () => {
  const vectors: [number, string][] = [
    [0, '00'],
    [1, '01'],
    [127, '7f'],
    [128, '80 01'],
    [300, 'ac 02'],
    [16383, 'ff 7f'],
    [16384, '80 80 01'],
    [2097151, 'ff ff 7f'],
    [2097152, '80 80 80 01'],
    [2 ** 31 - 1, 'ff ff ff ff 07'],
    [2 ** 31, '80 80 80 80 08'],
    [2 ** 32 - 1, 'ff ff ff ff 0f'],
  ];
  it.each(vectors)('%i ⇄ %s', (v, bytes) => {
    expect(uvarint(v)).toBe(bytes);
    expect(uvarintSize(v)).toBe(bytes.split(' ').length);
    const r = new Reader(hx(bytes));
    expect(r.uvarint('x', 'v')).toBe(v);
    expect(r.remaining).toBe(0);
  });
  it('rejects a varint longer than 5 bytes or wider than 32 bits, and a truncated one', () => {
    expect(() => new Reader(hx('80 80 80 80 80 01')).uvarint('x', 'len')).toThrow(/corrupt varint at byte 0 reading x/);
    expect(() => new Reader(hx('ff ff ff ff 1f')).uvarint('x', 'len')).toThrow(/does not fit in 32 bits/);
    expect(() => new Reader(hx('80 80')).uvarint('x', 'len')).toThrow(/truncated at byte 2 reading x/);
  });
});

describe('fixed-width integers are big-endian', () => {
  const S = testSchema([
    { name: 'A', type: 'int8', versions: '0+' },
    { name: 'B', type: 'int16', versions: '0+' },
    { name: 'C', type: 'int32', versions: '0+' },
    { name: 'D', type: 'int64', versions: '0+' },
    { name: 'E', type: 'uint16', versions: '0+' },
    { name: 'F', type: 'bool', versions: '0+' },
    { name: 'G', type: 'float64', versions: '0+' },
  ]);
  it('encodes edge values', () => {
    const json = { a: -1, b: -2, c: 0x01020304, d: -3, e: 65535, f: true, g: 1.5 };
    const b = encodeMessage(S, 0, json);
    expect(hex(b)).toBe('ff ff fe 01 02 03 04 ff ff ff ff ff ff ff fd ff ff 01 3f f8 00 00 00 00 00 00');
    expect(decodeMessage(S, 0, b).json).toEqual(json);
  });
  it('int64 stays a JSON number up to ±(2^53-1); beyond that is a clear error', () => {
    const big = Number.MAX_SAFE_INTEGER;
    const b = encodeMessage(S, 0, { d: big });
    expect(decodeMessage(S, 0, b).json.d).toBe(big);
    expect(() => encodeMessage(S, 0, { d: 2 ** 53 })).toThrow(/d: 9007199254740992 is beyond ±\(2\^53-1\)/);
    const bytes = encodeMessage(S, 0, { d: 2n ** 63n - 1n });
    expect(() => decodeMessage(S, 0, bytes)).toThrow(/int64 9223372036854775807 at byte 7 reading d is beyond/);
  });
  it('rejects out-of-range and non-integer values with the field path', () => {
    expect(() => encodeMessage(S, 0, { a: 128 })).toThrow('a: 128 is outside the int8 range [-128, 127]');
    expect(() => encodeMessage(S, 0, { e: -1 })).toThrow(/uint16 range/);
    expect(() => encodeMessage(S, 0, { c: 1.5 })).toThrow(/expected an integer \(int32\)/);
    expect(() => encodeMessage(S, 0, { f: 1 })).toThrow(/f: expected a boolean/);
  });
});

describe('strings', () => {
  const S = testSchema([{ name: 'S', type: 'string', versions: '0+', nullableVersions: '0+', default: null }]);
  const compact: [string | null, string][] = [
    [null, '00'],
    ['', '01'],
    ['g', '02 67'],
    ['é', '03 c3 a9'],
    ['€', '04 e2 82 ac'],
    ['😀', '05 f0 9f 98 80'],
  ];
  it.each(compact)('compact (flexible) %j ⇄ %s', (s, bytes) => {
    const b = encodeMessage(S, 1, { s });
    expect(hex(b)).toBe(`${bytes} 00`); // + the message's empty tagged-field section
    expect(decodeMessage(S, 1, b).json).toEqual({ s });
  });
  const classic: [string | null, string][] = [
    [null, 'ff ff'],
    ['', '00 00'],
    ['g', '00 01 67'],
    ['é', '00 02 c3 a9'],
  ];
  it.each(classic)('classic (non-flexible) %j ⇄ %s', (s, bytes) => {
    const b = encodeMessage(S, 0, { s });
    expect(hex(b)).toBe(bytes); // no tagged-field section in a non-flexible version
    expect(decodeMessage(S, 0, b).json).toEqual({ s });
  });
  it('a 127-byte string needs a two-byte compact length (128 = 80 01)', () => {
    const b = encodeMessage(S, 1, { s: 'x'.repeat(127) });
    expect(hex(b.subarray(0, 3))).toBe('80 01 78');
    expect(b.length).toBe(2 + 127 + 1);
  });
  it('annotations say 0x00 = null and 0x01 = empty', () => {
    expect(annotate(S, 1, hx('00 00'))[0]).toMatchObject({ offset: 0, length: 1, path: 's', display: 'null', note: '0x00 = null' });
    expect(annotate(S, 1, hx('01 00'))[0]).toMatchObject({ offset: 0, length: 1, path: 's', display: '0 bytes', note: '0x01 = empty' });
    expect(annotate(S, 0, hx('ff ff'))[0]).toMatchObject({ type: 'int16 string length', note: '0xffff = null' });
  });
  it('rejects null for a non-nullable string, invalid UTF-8 and lone surrogates', () => {
    const N = testSchema([{ name: 'S', type: 'string', versions: '0+' }]);
    expect(() => encodeMessage(N, 1, { s: null })).toThrow('s: null is not allowed (field S is not nullable in v1; the Kafka writer would throw NullPointerException on it)');
    expect(() => decodeMessage(N, 1, hx('00 00'))).toThrow('null string at byte 0 reading s, but S is not nullable in v1');
    expect(() => decodeMessage(N, 1, hx('02 ff 00'))).toThrow('invalid UTF-8 at byte 1 reading s');
    expect(() => encodeMessage(N, 1, { s: 'a\uD800' })).toThrow(/lone UTF-16 surrogate at index 1/);
  });
});

describe('arrays', () => {
  const S = testSchema([{ name: 'P', type: '[]int32', versions: '0+', nullableVersions: '0+', default: null }]);
  it('compact arrays: null 0x00, empty 0x01, n elements n+1', () => {
    expect(hex(encodeMessage(S, 1, { p: null }))).toBe('00 00');
    expect(hex(encodeMessage(S, 1, { p: [] }))).toBe('01 00');
    expect(hex(encodeMessage(S, 1, { p: [1, -1] }))).toBe('03 00 00 00 01 ff ff ff ff 00');
    for (const p of [null, [], [1, -1]]) expect(decodeMessage(S, 1, encodeMessage(S, 1, { p })).json).toEqual({ p });
  });
  it('classic arrays: int32 length, -1 = null', () => {
    expect(hex(encodeMessage(S, 0, { p: null }))).toBe('ff ff ff ff');
    expect(hex(encodeMessage(S, 0, { p: [] }))).toBe('00 00 00 00');
    expect(hex(encodeMessage(S, 0, { p: [7] }))).toBe('00 00 00 01 00 00 00 07');
    expect(decodeMessage(S, 0, hx('ff ff ff ff')).json).toEqual({ p: null });
  });
  it('annotations of null vs empty differ', () => {
    expect(annotate(S, 1, hx('00 00'))[0]).toMatchObject({ path: 'p', type: 'compact array length (uvarint)', display: 'null', note: '0x00 = null' });
    expect(annotate(S, 1, hx('01 00'))[0]).toMatchObject({ path: 'p', display: '0 elements', note: '0x01 = empty' });
    expect(annotate(S, 0, hx('ff ff ff ff'))[0]).toMatchObject({ type: 'int32 array length', note: '0xffffffff = null' });
  });
  it('an element count larger than the bytes left is reported as truncation, before allocating', () => {
    expect(() => decodeMessage(S, 1, hx('ff ff ff ff 0f'))).toThrow('truncated at byte 5 reading p: 4294967294 elements announced, 0 bytes left');
    expect(() => decodeMessage(S, 0, hx('ff ff ff fe'))).toThrow('corrupt array length -2 at byte 0 reading p');
  });
});

describe('nullable struct', () => {
  const S = testSchema(
    [
      {
        name: 'E',
        type: 'Endpoint',
        versions: '0+',
        nullableVersions: '0+',
        default: null,
        fields: [
          { name: 'Host', type: 'string', versions: '0+' },
          { name: 'Port', type: 'uint16', versions: '0+' },
        ],
      },
    ],
    '0+',
  );
  it('int8 -1 = null, 1 = present followed by the fields and the struct tagged section', () => {
    expect(hex(encodeMessage(S, 0, { e: null }))).toBe('ff 00');
    expect(hex(encodeMessage(S, 0, { e: { host: 'h', port: 9092 } }))).toBe('01 02 68 23 84 00 00');
    expect(decodeMessage(S, 0, hx('01 02 68 23 84 00 00')).json).toEqual({ e: { host: 'h', port: 9092 } });
    const a = annotate(S, 0, hx('ff 00'));
    expect(a[0]).toMatchObject({ path: 'e', display: 'null', note: '0xff = null' });
    expect(annotate(S, 0, hx('01 02 68 23 84 00 00'))[0]).toMatchObject({ display: 'present', note: '0x01 = present' });
  });
  it('any other marker is corrupt', () => {
    expect(() => decodeMessage(S, 0, hx('05 00'))).toThrow('corrupt nullable-struct marker 0x05 at byte 0 reading e (expected 0xff = null or 0x01 = present)');
  });
});

describe('tagged fields', () => {
  const S = testSchema(
    [
      { name: 'A', type: 'int32', versions: '0+' },
      { name: 'Note', type: 'string', versions: '0+', taggedVersions: '0+', tag: 0, default: '' },
      { name: 'Lag', type: 'int32', versions: '0+', taggedVersions: '0+', tag: 5, default: 0 },
    ],
    '0+',
  );
  it('defaults are not written; others go in ascending tag order as (tag, size, bytes)', () => {
    expect(hex(encodeMessage(S, 0, { a: 1 }))).toBe('00 00 00 01 00');
    expect(hex(encodeMessage(S, 0, { a: 1, lag: 7, note: 'x' }))).toBe('00 00 00 01 02 00 02 02 78 05 04 00 00 00 07');
    expect(decodeMessage(S, 0, hx('00 00 00 01 02 00 02 02 78 05 04 00 00 00 07')).json).toEqual({ a: 1, note: 'x', lag: 7 });
    expect(decodeMessage(S, 0, hx('00 00 00 01 00')).json).toEqual({ a: 1, note: '', lag: 0 });
  });
  it('unknown tags are skipped by size, kept as raw bytes and written back unchanged', () => {
    // tag 3 (1 byte ff) and tag 200 (uvarint c8 01, 2 bytes) are unknown; tag 5 is known.
    const wire = hx('00 00 00 01 03 03 01 ff 05 04 00 00 00 07 c8 01 02 ab cd');
    const { json, consumed } = decodeMessage(S, 0, wire);
    expect(consumed).toBe(wire.length);
    expect(json).toEqual({
      a: 1,
      note: '',
      lag: 7,
      _unknownTaggedFields: [
        { tag: 3, data: 'ff' },
        { tag: 200, data: 'abcd' },
      ],
    });
    expect(hex(encodeMessage(S, 0, json))).toBe(hex(wire));
    const ann = annotate(S, 0, wire);
    expect(ann.find((x) => x.path === '_unknownTaggedFields[1]')).toMatchObject({ offset: 17, length: 2, type: 'unknown tagged field', display: 'ab cd' });
    expect(ann.find((x) => x.path === '_tagged[2].tag')).toMatchObject({ offset: 14, length: 2, display: '200' });
  });
  it('a known tagged field whose size does not match its value is corrupt', () => {
    expect(() => decodeMessage(S, 0, hx('00 00 00 01 01 05 05 00 00 00 07 00'))).toThrow(/corrupt tagged field at byte 11 reading lag: size says 5 bytes, the value used 4/);
  });
  it('a tagged payload longer than the input is truncation', () => {
    expect(() => decodeMessage(S, 0, hx('00 00 00 01 01 09 10 aa'))).toThrow('truncated at byte 7 reading _tagged[0]: tagged field 9 needs 16 bytes, 1 left');
  });
  it('duplicate tags and tagged fields in a non-flexible version are encode errors', () => {
    expect(() => encodeMessage(S, 0, { lag: 1, _unknownTaggedFields: [{ tag: 5, data: '00' }] })).toThrow(/tag 5 appears twice/);
    const N = testSchema(S.fields, 'none');
    expect(() => encodeMessage(N, 0, { _unknownTaggedFields: [{ tag: 1, data: '' }] })).toThrow(/need a flexible version/);
  });
});

describe('hex and base64 text', () => {
  it('toHex is lower-case and single-spaced; fromHex ignores spaces, newlines, commas and 0x prefixes', () => {
    expect(toHex(new Uint8Array([0, 1, 0xab, 0xff]))).toBe('00 01 ab ff');
    expect(toHex(new Uint8Array([0, 1]), '')).toBe('0001');
    expect([...fromHex('0x00 0x01\n0xAB,ff\t')]).toEqual([0, 1, 0xab, 0xff]);
    expect([...fromHex('0001abFF')]).toEqual([0, 1, 0xab, 0xff]);
    expect(fromHex('  ').length).toBe(0);
  });
  it('fromHex rejects junk and odd digit counts', () => {
    expect(() => fromHex('00 0g')).toThrow(WireError);
    expect(() => fromHex('00 0g')).toThrow(/not a hex digit: "g"/);
    expect(() => fromHex('000')).toThrow(/odd number of hex digits/);
  });
  it('base64 round-trips in both alphabets', () => {
    const b = new Uint8Array([0xfb, 0xff, 0x00, 0x10, 0x20]);
    expect(toBase64(b)).toBe('+/8AECA=');
    expect(toBase64(b, true)).toBe('-_8AECA');
    expect([...fromBase64('+/8AECA=')!]).toEqual([...b]);
    expect([...fromBase64('-_8AECA')!]).toEqual([...b]);
    expect(fromBase64('a')).toBeUndefined();
  });
  it('bytes fields are base64 in JSON; uuid fields are 22 URL-safe base64 characters', () => {
    const S = testSchema([
      { name: 'B', type: 'bytes', versions: '0+', nullableVersions: '0+' },
      { name: 'U', type: 'uuid', versions: '0+' },
    ]);
    const json = { b: 'AQI=', u: 'AAECAwQFBgcICQoLDA0ODw' };
    const v1 = encodeMessage(S, 1, json);
    expect(hex(v1)).toBe('03 01 02 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 00');
    expect(decodeMessage(S, 1, v1).json).toEqual(json);
    expect(hex(encodeMessage(S, 0, { b: null }).subarray(0, 4))).toBe('ff ff ff ff');
    expect(() => encodeMessage(S, 1, { u: 'short' })).toThrow(/uuid as 22 URL-safe base64/);
  });
});

describe('int64 beyond ±(2^53-1)', () => {
  // Kafka's metadata hash (Utils.computeGroupHash) is a full Java long: the playground carries it as a decimal string
  it('encodes a decimal string and decodes it back to the same string (records read with int64: "string")', () => {
    const value = { epoch: 3, metadataHash: '-7468398077447480039', validatedTopologyEpoch: 0, lastAssignmentConfigs: [] };
    const bytes = encodeCoordinatorRecord('StreamsGroupMetadata', { groupId: 'g' }, value);
    expect(decodeCoordinatorRecord(bytes.key, bytes.value).value).toMatchObject({ metadataHash: '-7468398077447480039' });
  });
  it('refuses a decimal string outside the int64 range, with the path', () => {
    expect(() => encodeCoordinatorRecord('StreamsGroupMetadata', { groupId: 'g' }, { epoch: 3, metadataHash: '9223372036854775808', validatedTopologyEpoch: 0, lastAssignmentConfigs: [] })).toThrow(
      /metadataHash.*9223372036854775808 is outside the int64 range/,
    );
  });
});

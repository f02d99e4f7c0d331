// Round trips for every message kind, edition and version: defaults, and fast-check properties over random messages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annotate, decodeMessage, defaultMessage, encodeMessage, SCHEMAS, supportedVersions, WireError } from '../../src/core/wire/index.ts';
import type { Annotation, Edition, MessageKind } from '../../src/core/wire/index.ts';
import { inVersions } from '../../src/core/wire/versions.ts';
import { arbMessage } from './arbitrary.ts';

const CASES: { edition: Edition; kind: MessageKind; version: number }[] = [];
for (const edition of Object.keys(SCHEMAS) as Edition[]) {
  for (const kind of Object.keys(SCHEMAS[edition]!) as MessageKind[]) {
    // The headers are shared by both editions: test them once.
    if (edition !== 'ak4' && (kind === 'RequestHeader' || kind === 'ResponseHeader')) continue;
    for (const version of supportedVersions(kind, edition)) CASES.push({ edition, kind, version });
  }
}
const label = (c: (typeof CASES)[number]) => `${c.edition} ${c.kind} v${c.version}`;

/** Annotations must tile [0, end) in order, without gaps or overlaps. */
function expectTiling(ann: Annotation[], end: number): void {
  let pos = 0;
  for (const a of ann) {
    expect(a.offset).toBe(pos);
    expect(a.length).toBeGreaterThan(0);
    pos += a.length;
  }
  expect(pos).toBe(end);
}

describe('round trips', () => {
  it('covers every kind of both editions', () => {
    expect(CASES.map(label)).toEqual(
      expect.arrayContaining([
        'ak4 StreamsGroupHeartbeatRequest v0',
        'ak4 StreamsGroupHeartbeatRequest v1',
        'ak4 StreamsGroupHeartbeatRequest v2',
        'ak4 StreamsGroupHeartbeatResponse v2',
        'ak4 StreamsGroupDescribeRequest v1',
        'ak4 StreamsGroupDescribeResponse v0',
        'kip1071-draft StreamsGroupInitializeRequest v0',
        'kip1071-draft StreamsGroupInitializeResponse v0',
        'kip1071-draft StreamsGroupHeartbeatRequest v0',
        'kip1071-draft StreamsGroupDescribeResponse v0',
        'ak4 RequestHeader v2',
        'ak4 ResponseHeader v1',
      ]),
    );
  });

  it.each(CASES.map((c) => [label(c), c] as const))('%s: {} encodes to the defaults, which decode back', (_, c) => {
    const b = encodeMessage(c.kind, c.version, {}, { edition: c.edition });
    const d = decodeMessage(c.kind, c.version, b, { edition: c.edition });
    expect(d.json).toEqual(defaultMessage(c.kind, c.version, { edition: c.edition }));
    expect(d.consumed).toBe(b.length);
    expectTiling(annotate(c.kind, c.version, b, { edition: c.edition }), b.length);
  });

  it.each(CASES.map((c) => [label(c), c] as const))('%s: decode(encode(x)) = x and encode(decode(b)) = b (property)', (_, c) => {
    const schema = SCHEMAS[c.edition]![c.kind]!;
    const flexible = inVersions(schema.flexibleVersions, c.version);
    fc.assert(
      fc.property(arbMessage(schema, c.version, flexible), (json) => {
        const b = encodeMessage(c.kind, c.version, json, { edition: c.edition });
        const d = decodeMessage(c.kind, c.version, b, { edition: c.edition });
        expect(d.json).toEqual(json);
        expect(d.consumed).toBe(b.length);
        expect(encodeMessage(c.kind, c.version, d.json, { edition: c.edition })).toEqual(b);
        expectTiling(annotate(c.kind, c.version, b, { edition: c.edition }), b.length);
      }),
      { numRuns: 40 },
    );
  });

  it.each(CASES.map((c) => [label(c), c] as const))('%s: omitted top-level fields come back as their defaults (property)', (_, c) => {
    const schema = SCHEMAS[c.edition]![c.kind]!;
    const defaults = defaultMessage(c.kind, c.version, { edition: c.edition });
    fc.assert(
      fc.property(arbMessage(schema, c.version, false), fc.func(fc.boolean()), (json, keep) => {
        const partial = Object.fromEntries(Object.entries(json).filter(([k]) => keep(k)));
        const d = decodeMessage(c.kind, c.version, encodeMessage(c.kind, c.version, partial, { edition: c.edition }), { edition: c.edition });
        expect(d.json).toEqual({ ...defaults, ...partial });
      }),
      { numRuns: 30 },
    );
  });

  it.each(CASES.map((c) => [label(c), c] as const))('%s: every strict prefix is a truncation WireError (property)', (_, c) => {
    const schema = SCHEMAS[c.edition]![c.kind]!;
    fc.assert(
      fc.property(arbMessage(schema, c.version, false), (json) => {
        const b = encodeMessage(c.kind, c.version, json, { edition: c.edition });
        // At most ~150 prefixes per message (every one for small messages).
        const step = Math.max(1, Math.floor(b.length / 150));
        for (let n = 0; n < b.length; n += step) {
          let err: unknown;
          try {
            decodeMessage(c.kind, c.version, b.subarray(0, n), { edition: c.edition });
          } catch (e) {
            err = e;
          }
          expect(err).toBeInstanceOf(WireError);
          expect((err as WireError).message).toMatch(/^truncated at byte \d+ reading /);
          expect((err as WireError).offset).toBeLessThanOrEqual(n);
        }
      }),
      { numRuns: 10 },
    );
  });

  it.each(CASES.map((c) => [label(c), c] as const))('%s: corrupted or random bytes decode or fail with a WireError, never anything else (property)', (_, c) => {
    const schema = SCHEMAS[c.edition]![c.kind]!;
    const opts = { edition: c.edition };
    const corrupted = fc.tuple(arbMessage(schema, c.version, false), fc.nat(), fc.integer({ min: 1, max: 255 })).map(([json, at, x]) => {
      const b = encodeMessage(c.kind, c.version, json, opts).slice();
      b[at % b.length]! ^= x;
      return b;
    });
    fc.assert(
      fc.property(fc.oneof(corrupted, fc.uint8Array({ maxLength: 64 })), (b) => {
        try {
          const d = decodeMessage(c.kind, c.version, b, opts);
          // Whatever decodes re-encodes to the same bytes (the codec is canonical on what it accepts).
          expect(encodeMessage(c.kind, c.version, d.json, opts)).toEqual(b.subarray(0, d.consumed));
        } catch (e) {
          expect(e).toBeInstanceOf(WireError);
        }
      }),
      { numRuns: 100 },
    );
  });
});

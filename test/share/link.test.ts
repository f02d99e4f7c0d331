import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { MAX_FRAGMENT_CHARS, MAX_TEXT_BYTES, base64UrlDecode, base64UrlEncode, decodeLink, encodeLink, UNVERIFIED_NOTE } from '../../src/core/share/link.ts';
import corpus from './links-corpus.json' with { type: 'json' };
import { parseScenario } from '../../src/core/scenario/parse.ts';

const scenario = JSON.stringify({ format: 1, title: 'x', steps: [{ advance: 5000 }, { failover: true }] }, null, 2);

function failure(fragment: string) {
  const r = decodeLink(fragment);
  if (r.ok) throw new Error('expected the link to be refused');
  return r;
}

describe('encodeLink / decodeLink', () => {
  it("carries the scenario's Kafka release, its checkReleases and byRelease expectations", () => {
    const text = JSON.stringify({ format: 1, kafka: '4.2', checkReleases: ['4.1', '4.2'], steps: [{ advance: 1, expect: { byRelease: { '4.1': { error: 'NONE' } } } }] }, null, 2);
    const r = decodeLink(encodeLink(text, 0));
    if (!r.ok) throw new Error(r.message);
    const parsed = parseScenario(r.text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.scenario).toMatchObject({ kafka: '4.2', checkReleases: ['4.1', '4.2'], steps: [{ expect: { byRelease: { '4.1': { error: 'NONE' } } } }] });
  });

  it('round-trips text and step', () => {
    const link = encodeLink(scenario, 1);
    expect(link).toMatch(/^#sgp=2\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{6}\.1$/);
    expect(decodeLink(link)).toEqual({ ok: true, text: scenario, step: 1, version: 2, unverified: null });
    expect(decodeLink(encodeLink(scenario, null))).toEqual({ ok: true, text: scenario, step: null, version: 2, unverified: null });
  });

  it('accepts the fragment without "#" and inside a whole URL', () => {
    const link = encodeLink(scenario, 0);
    expect(decodeLink(link.slice(1))).toMatchObject({ ok: true, text: scenario, step: 0 });
    expect(decodeLink(`https://example.org/playground/#${link.slice(1)}`)).toMatchObject({ ok: true, text: scenario, step: 0 });
  });

  it('is deterministic and compresses', () => {
    const big = JSON.stringify({ steps: Array.from({ length: 200 }, () => ({ send: 'StreamsGroupHeartbeat', data: { memberEpoch: 1 } })) });
    expect(encodeLink(big, null)).toBe(encodeLink(big, null));
    expect(encodeLink(big, null).length).toBeLessThan(big.length / 5);
  });

  it('round-trips any text and step (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.option(fc.nat({ max: 100000 }), { nil: null }), (text, step) => {
        const wellFormed = !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
        const r = decodeLink(encodeLink(text, step));
        expect(r.ok).toBe(true);
        if (r.ok && wellFormed) expect([r.text, r.step]).toEqual([text, step]);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a bad step when encoding', () => {
    expect(() => encodeLink('{}', -1)).toThrow(RangeError);
    expect(() => encodeLink('{}', 1.5)).toThrow(RangeError);
  });

  it('says "not-a-link" for other fragments', () => {
    expect(failure('').reason).toBe('not-a-link');
    expect(failure('#section-2').reason).toBe('not-a-link');
    expect(failure('https://example.org/').message).toMatch(/not a playground share link/);
  });

  it('says "corrupt" for damaged base64', () => {
    const link = encodeLink(scenario, null);
    expect(failure(link.slice(0, 8) + '!' + link.slice(9)).reason).toBe('corrupt');
    expect(failure('#sgp=1.').reason).toBe('corrupt');
    expect(failure('#sgp=1.A').reason).toBe('corrupt'); // length 1 mod 4
    expect(failure('#sgp=1.abc=').reason).toBe('corrupt'); // padding is not base64url here
  });

  it('says "corrupt" for damaged deflate data and for truncated links', () => {
    expect(failure('#sgp=1.' + base64UrlEncode(new Uint8Array([255, 255, 255, 1, 2, 3, 4]))).reason).toBe('corrupt');
    const link = encodeLink(scenario, null);
    const cut = failure(link.slice(0, link.length - 12));
    expect(cut.reason).toBe('corrupt');
    expect(cut.message).toMatch(/damaged/);
  });

  it('says "corrupt" for malformed structure and non-UTF-8 contents', () => {
    const payload = base64UrlEncode(deflateSync(new TextEncoder().encode('{}')));
    expect(failure('#sgp=x.' + payload).reason).toBe('corrupt');
    expect(failure('#sgp=0.' + payload).reason).toBe('corrupt');
    expect(failure(`#sgp=1.${payload}.x`).reason).toBe('corrupt');
    expect(failure(`#sgp=1.${payload}.-1`).reason).toBe('corrupt');
    expect(failure(`#sgp=1.${payload}.1.2`).reason).toBe('corrupt');
    const latin1 = base64UrlEncode(deflateSync(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])));
    expect(failure('#sgp=1.' + latin1).message).toBe('This share link is damaged: its data is not UTF-8 text: the byte 0xFF at offset 1 does not begin a well-formed UTF-8 character.');
  });

  it('explains a newer link format', () => {
    const r = failure('#sgp=3.whatever-comes-next.4');
    expect(r.reason).toBe('newer-format');
    expect(r.message).toBe('This link was made by a newer version of the playground (link format 3); this version reads format 2. Update the playground to open it.');
  });

  it('refuses oversized fragments before decoding them', () => {
    const r = failure('#sgp=1.' + 'A'.repeat(MAX_FRAGMENT_CHARS));
    expect(r.reason).toBe('too-large');
    expect(r.message).toMatch(/200000/);
  });

  it('refuses a small link that unpacks to more than 1 MiB, without unpacking all of it', () => {
    const bomb = base64UrlEncode(deflateSync(new Uint8Array(64 * 1024 * 1024).fill(32), { level: 9 }));
    expect(bomb.length).toBeLessThan(MAX_FRAGMENT_CHARS);
    const started = performance.now();
    const r = failure('#sgp=1.' + bomb);
    expect(r.reason).toBe('too-large');
    expect(performance.now() - started).toBeLessThan(2000);
    const justOver = encodeLink(' '.repeat(MAX_TEXT_BYTES + 1), null);
    expect(failure(justOver).reason).toBe('too-large');
    expect(decodeLink(encodeLink(' '.repeat(MAX_TEXT_BYTES), null)).ok).toBe(true);
  });

  it('never throws on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect(() => decodeLink(s)).not.toThrow();
        expect(() => decodeLink('#sgp=1.' + s)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('committed links keep opening', () => {
  it('has a non-empty corpus', () => {
    expect(corpus.links.length).toBeGreaterThanOrEqual(5);
  });

  it.each(corpus.links.map((l) => [l.name, l] as const))('%s', (_name, entry) => {
    // format-1 links carry no checksum: they open, with a note that they cannot be verified
    expect(decodeLink(entry.link)).toEqual({ ok: true, text: entry.text, step: entry.step, version: 1, unverified: UNVERIFIED_NOTE });
  });
});

describe('the checksum (issue 13, defect 9)', () => {
  const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
  it('no single-character edit of a link opens a different scenario or step (35% did without a checksum)', () => {
    const texts = [scenario, JSON.stringify({ format: 1, steps: Array.from({ length: 30 }, (_, i) => ({ advance: i })) })];
    let edits = 0;
    for (const text of texts) {
      for (const step of [null, 3]) {
        const link = encodeLink(text, step);
        for (let i = '#sgp=2.'.length; i < link.length; i++) {
          const variants = [link.slice(0, i) + link.slice(i + 1), ...[...CHARS].filter((c) => c !== link[i]).map((c) => link.slice(0, i) + c + link.slice(i + 1))];
          for (const edited of variants) {
            edits++;
            const r = decodeLink(edited);
            if (r.ok) expect([r.text, r.step], edited).toEqual([text, step]);
          }
        }
      }
    }
    expect(edits).toBeGreaterThan(10_000);
  });

  it('a damaged checksum is named', () => {
    const link = encodeLink(scenario, 2);
    const parts = link.split('.');
    parts[2] = parts[2] === 'AAAAAA' ? 'AAAAAB' : 'AAAAAA';
    expect(failure(parts.join('.')).message).toBe('This share link is damaged: its checksum does not match (was it edited, or cut off when copied?).');
    expect(failure(link.replace(/\.2$/, '.7')).reason).toBe('corrupt');
  });
});

describe('base64url', () => {
  it('round-trips bytes and agrees with Node (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const s = base64UrlEncode(bytes);
        expect(s).toBe(Buffer.from(bytes).toString('base64url'));
        expect(base64UrlDecode(s)).toEqual(bytes);
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { childPath, parseJson, toValue, type JsonNode } from '../../src/core/scenario/parse.ts';

function err(text: string) {
  const r = parseJson(text);
  if (r.ok) throw new Error('expected a syntax error');
  return r.error;
}

describe('parseJson', () => {
  it('parses values and keeps key order', () => {
    const r = parseJson('{"b": [1, -2.5e3, true, false, null], "a": {"x": "y\\n\\u00e9"}}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(toValue(r.root)).toEqual({ b: [1, -2500, true, false, null], a: { x: 'y\né' } });
    expect(Object.keys(toValue(r.root) as object)).toEqual(['b', 'a']);
  });

  it('records 1-based line:column of keys and values', () => {
    const text = '{\n  "steps": [\n    {"advance": 5}\n  ]\n}';
    const r = parseJson(text);
    if (!r.ok) throw new Error('parse failed');
    const root = r.root as Extract<JsonNode, { kind: 'object' }>;
    expect(root.pos).toEqual({ line: 1, column: 1 });
    const steps = root.entries[0]!;
    expect(steps.keyPos).toEqual({ line: 2, column: 3 });
    expect(steps.value.pos).toEqual({ line: 2, column: 12 });
    const step = (steps.value as Extract<JsonNode, { kind: 'array' }>).items[0] as Extract<JsonNode, { kind: 'object' }>;
    expect(step.pos).toEqual({ line: 3, column: 5 });
    expect(step.entries[0]!.value.pos).toEqual({ line: 3, column: 17 });
  });

  it('counts CRLF and lone CR as one line break and skips a BOM', () => {
    const r = parseJson('\uFEFF{\r\n"a":\r1}');
    if (!r.ok) throw new Error('parse failed');
    const root = r.root as Extract<JsonNode, { kind: 'object' }>;
    expect(root.entries[0]!.keyPos).toEqual({ line: 2, column: 1 });
    expect(root.entries[0]!.value.pos).toEqual({ line: 3, column: 1 });
  });

  it('reports an unexpected token with the exact position and what was expected', () => {
    const text = '{\n  "steps": [\n    {"advance": }\n  ]\n}';
    expect(err(text)).toEqual({ path: '$.steps[0].advance', line: 3, column: 17, message: 'Unexpected token } at 3:17, expected a value' });
  });

  it.each([
    ['', 1, 1, /document is empty/],
    ['{"a": 1,}', 1, 9, /Trailing comma before \} at 1:9/],
    ['[1, 2,]', 1, 7, /Trailing comma before \] at 1:7/],
    ['{"a": 1', 1, 8, /Unexpected end of input at 1:8, expected , or \}/],
    ['{"a" 1}', 1, 6, /expected : after the property name/],
    ['{a: 1}', 1, 2, /Unexpected token a at 1:2, expected a property name in double quotes/],
    ["{'a': 1}", 1, 2, /double quotes/],
    ['{"a": // x\n 1}', 1, 7, /Comments are not allowed/],
    ['{"a": /* x */ 1}', 1, 7, /Comments are not allowed/],
    ['{"a": 012}', 1, 7, /Invalid number at 1:7/],
    ['{"a": 1.}', 1, 7, /Invalid number/],
    ['{"a": -}', 1, 7, /Invalid number/],
    ['{"a": NaN}', 1, 7, /Unexpected token NaN at 1:7, expected a value/],
    ['{"a": True}', 1, 7, /Unexpected token True/],
    ['{"a": "x\\q"}', 1, 9, /Invalid escape sequence/],
    ['{"a": "abc', 1, 7, /Unterminated string starting at 1:7/],
    ['{"a": "a\tb"}', 1, 9, /Unescaped control character U\+0009/],
    ['{"a": 1} x', 1, 10, /after the end of the document/],
    ['{"a": 1, "a": 2}', 1, 10, /Duplicate key "a" at 1:10/],
    ['{"a": 1e999}', 1, 7, /out of range/],
  ])('rejects %j at %i:%i', (text, line, column, message) => {
    const e = err(text);
    expect([e.line, e.column]).toEqual([line, column]);
    expect(e.message).toMatch(message);
  });

  it('limits nesting depth instead of overflowing the stack', () => {
    const e = err('['.repeat(5000) + ']'.repeat(5000));
    expect(e.message).toMatch(/Nesting deeper than/);
  });

  it('agrees with JSON.parse on generated documents (property)', () => {
    fc.assert(
      fc.property(fc.json(), fc.constantFrom(undefined, 2, '\t'), (json, indent) => {
        const text = JSON.stringify(JSON.parse(json), null, indent);
        const r = parseJson(text);
        if (!r.ok) return false;
        expect(toValue(r.root)).toEqual(JSON.parse(text));
        return true;
      }),
      { numRuns: 300, seed: 20261202 },
    );
  });

  it('reads a "__proto__" key as an own property, never as the prototype (links are untrusted)', () => {
    const r = parseJson('{"__proto__": {"polluted": true}, "a": 1}');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = toValue(r.root) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(v).toEqual(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}'));
  });

  it('never throws, and accepts exactly what JSON.parse accepts (without duplicate keys), on mangled input (property)', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.string({ maxLength: 2 }), (json, at, insert) => {
        const i = at % (json.length + 1);
        const text = json.slice(0, i) + insert + json.slice(i + 1);
        let native = true;
        try {
          JSON.parse(text);
        } catch {
          native = false;
        }
        const r = parseJson(text);
        if (!r.ok) {
          expect(r.error.line).toBeGreaterThanOrEqual(1);
          expect(r.error.column).toBeGreaterThanOrEqual(1);
          if (native) expect(r.error.message).toMatch(/Duplicate key|out of range/);
        } else {
          expect(native).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('key positions point at the quoted key in the text (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 5 }).filter((s) => !/["\\\u0000-\u001f]/.test(s)),
          fc.integer(),
          { minKeys: 1 },
        ),
        (obj) => {
          const text = JSON.stringify(obj, null, 2);
          const r = parseJson(text);
          if (!r.ok || r.root.kind !== 'object') return false;
          const lines = text.split('\n');
          for (const e of r.root.entries) {
            const line = lines[e.keyPos.line - 1] ?? '';
            expect(line.slice(e.keyPos.column - 1)).toMatch(new RegExp('^' + JSON.stringify(e.key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
          }
          return true;
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('childPath', () => {
  it('uses dots for identifiers and brackets otherwise', () => {
    expect(childPath('$', 'steps')).toBe('$.steps');
    expect(childPath('$.steps', 3)).toBe('$.steps[3]');
    expect(childPath('$.config', 'group.streams.session.timeout.ms')).toBe('$.config["group.streams.session.timeout.ms"]');
    expect(childPath('$.m', 'a-b')).toBe('$.m["a-b"]');
  });
});

describe('keys that name Object.prototype members', () => {
  it('a client alias or member id "__proto__" stays an ordinary key through validation and the trace', async () => {
    const { parseScenario } = await import('../../src/core/scenario/parse.ts');
    const { runScenario } = await import('../../src/core/scenario/runner.ts');
    const r = parseScenario(
      JSON.stringify({
        format: 1,
        topics: [{ name: 'in', partitions: 2 }],
        topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] },
        clients: JSON.parse('{"__proto__": {"profile": "java"}, "constructor": {"profile": "java"}}'),
        steps: [
          { client: '__proto__', do: 'join' },
          { client: 'constructor', do: 'join' },
        ],
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.keys(r.scenario.clients)).toEqual(['__proto__', 'constructor']);
    const t = runScenario(r.scenario);
    expect(Object.keys(t.steps[1]!.group!.members)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(t.steps[1]!.group!.members)).toBe(Object.prototype);
  });
});

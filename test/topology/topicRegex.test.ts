// Source-topic regexes match in linear time, and as Kafka's java.util.regex matcher does wherever both accept the
// pattern (issue 22 item 1).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileTopicRegex, unsupportedJavaConstruct } from '../../src/core/topology/topicRegex.ts';
import { draftBroker, init, join, sub } from '../draft/helpers.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';

/** Rows of (pattern, topic, Java's answer), recorded from Pattern.compile(pattern).matcher(topic).matches(). */
const JAVA_ROWS = readFileSync(new URL('./java-regex-matches.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.length > 0 && !line.startsWith('#'))
  .map((line) => {
    const [pattern, topic, java] = line.split('\t') as [string, string, string];
    return { pattern, topic, java };
  });

describe('source-topic regexes (java.util.regex.Pattern#matcher(..).matches(), matched by RE2JS)', () => {
  it('(a+)+b against a 10,000-character topic name finishes in under a second (a backtracking engine takes exponential time)', () => {
    const re = compileTopicRegex('(a+)+b');
    expect(re.ok).toBe(true);
    if (!re.ok) return;
    // 26 characters first: a backtracking engine (java.util.regex, JavaScript's RegExp) needs seconds there and fails
    // the bound before it would hang on the 10,000; an automaton needs microseconds for either
    for (const length of [26, 10_000]) {
      const started = performance.now();
      expect(re.matches('a'.repeat(length))).toBe(false);
      expect(re.matches('a'.repeat(length - 1) + 'b')).toBe(true);
      expect(performance.now() - started, `${length} characters`).toBeLessThan(1000);
    }
  });

  it('the draft broker answers a StreamsGroupInitialize with (a+)+b over a 249-character topic name', () => {
    const b = draftBroker({ ['a'.repeat(249)]: 1, ['a'.repeat(248) + 'b']: 2 });
    join(b, 'A', { processId: 'p1' });
    const r = init(b, [sub('0', [], { sourceTopicRegex: ['(a+)+b'] })]);
    expect(r.errorName).toBe('NONE');
    expect([...b.coordinator.groups.get('group-id')!.draft!.partitionMetadata.keys()]).toEqual(['a'.repeat(248) + 'b']);
  });

  it(`gives Java's answer on every recorded row both engines accept (${JAVA_ROWS.length} rows), and refuses the rest`, () => {
    let agreed = 0;
    for (const { pattern, topic, java } of JAVA_ROWS) {
      const re = compileTopicRegex(pattern);
      if (re.ok) {
        expect({ pattern, topic, answer: String(re.matches(topic)) }).toEqual({ pattern, topic, answer: java });
        agreed += 1;
      }
    }
    // the table is mostly patterns both accept: a refusal of one of them would show here
    expect(agreed).toBeGreaterThan(800);
  });

  it.each([
    ['(a)\\1', 'a backreference \\1'],
    ['(?<x>a)\\k<x>', 'a named backreference'],
    ['(?=a)a', 'a lookahead'],
    ['(?<!a)b', 'a lookbehind'],
    ['(?>a)', 'an atomic group'],
    ['a++b', 'a possessive quantifier ++'],
    ['a{2}+', 'a possessive quantifier }+'],
    ['[a-z&&[^b]]', 'a class intersection &&'],
    ['[a[bc]]', 'a nested character class'],
    ['a{1001}', 'a repetition count above 1000'],
    ['a{', 'a { that starts no repetition'],
    ['(?x)a b', 'the flag (?x)'],
    ['(?U)a', 'the flag (?U)'],
    ['\\v', 'the escape \\v'],
    ['\\u0041', 'the escape \\u'],
    ['[\\Qab\\E]', 'a \\Q quote inside a character class'],
    ['(?i)\\x{212A}', 'case-insensitive matching with non-ASCII'],
    ['(?P<n>a)', 'a (?P<name>...) group'],
  ])('refuses %s, which Java accepts but has no linear-time match or reads differently: %s', (pattern, reason) => {
    expect(unsupportedJavaConstruct(pattern)).toContain(reason);
    expect(compileTopicRegex(pattern)).toMatchObject({ ok: false, kind: 'unsupported' });
  });

  it('the draft broker names the refused construct in its STREAMS_INVALID_TOPOLOGY message', () => {
    const b = draftBroker({ aa: 1 });
    join(b, 'A', { processId: 'p1' });
    const r = init(b, [sub('0', [], { sourceTopicRegex: ['(a)\\1'] })]);
    expect(r.errorName).toBe('STREAMS_INVALID_TOPOLOGY');
    expect(r.response.errorMessage).toBe('Source topic regular expression (a)\\1 of subtopology 0 uses a backreference \\1 (no linear-time match exists), which the playground does not match.');
  });

  it('keeps the invalid-regex answer for a pattern neither engine accepts', () => {
    const b = draftBroker({ aa: 1 });
    join(b, 'A', { processId: 'p1' });
    const r = init(b, [sub('0', [], { sourceTopicRegex: ['(a'] })]);
    expect(r.errorName).toBe('STREAMS_INVALID_TOPOLOGY');
    expect(r.response.errorMessage).toBe('Source topic regular expression (a of subtopology 0 is not a valid regular expression.');
  });

  describe('a scenario (kip1071-draft) is checked: a regex the playground refuses is an error at its JSON path, with the reason', () => {
    const DRAFT = JSON.parse(readFileSync('static/examples/draft-initialize.json', 'utf8')) as { topology: { sourceTopicRegex: string[] }[] } & Record<string, unknown>;
    const withRegex = (regex: string, protocol?: string) => {
      const doc = structuredClone(DRAFT);
      doc.topology[0]!.sourceTopicRegex = ['in.*', regex];
      if (protocol !== undefined) doc.protocol = protocol;
      return parseScenario(JSON.stringify(doc, null, 2));
    };

    it('refuses a backreference, a lookahead, a possessive quantifier where they stand', () => {
      for (const [regex, reason] of [
        ['(a)\\1', 'a backreference \\1 (no linear-time match exists)'],
        ['(?=a)a', 'a lookahead'],
        ['a++', 'a possessive quantifier ++'],
      ] as const) {
        const r = withRegex(regex);
        expect(r.ok, regex).toBe(false);
        if (r.ok) continue;
        expect(r.errors.map((e) => e.path)).toEqual(['$.topology[0].sourceTopicRegex[1]']);
        expect(r.errors[0]!.message).toContain(`the regex ${JSON.stringify(regex)} uses ${reason}`);
        expect(r.errors[0]!.message).toContain("Kafka's java.util.regex accepts it");
      }
    });

    it('accepts (a+)+b (linear in RE2), and leaves a pattern no engine accepts to the broker (STREAMS_INVALID_TOPOLOGY, as Kafka)', () => {
      expect(withRegex('(a+)+b').ok).toBe(true);
      expect(withRegex('(a').ok).toBe(true);
    });

    it('leaves Kafka 4.x scenarios alone: their heartbeat refuses any regex (INVALID_REQUEST), whatever it holds', () => {
      const doc = JSON.parse(readFileSync('static/examples/01-first-join.json', 'utf8')) as { steps: unknown[] } & Record<string, unknown>;
      doc.steps = [
        {
          send: 'StreamsGroupHeartbeat',
          member: 'a',
          data: {
            memberId: 'a',
            memberEpoch: 0,
            rebalanceTimeoutMs: 1000,
            topology: { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: [], sourceTopicRegex: ['(a)\\1'] }] },
            activeTasks: [],
            standbyTasks: [],
            warmupTasks: [],
          },
        },
      ];
      const r = parseScenario(JSON.stringify(doc));
      expect(r.ok ? [] : r.errors.filter((e) => e.path.includes('sourceTopicRegex'))).toEqual([]);
    });
  });
});

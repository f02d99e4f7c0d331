import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioUnderRelease } from '../../src/core/scenario/parse.ts';
import { matchUnder, resolveExpectation, runUnder } from '../../src/core/scenario/match.ts';
import { releaseOf } from '../../src/core/releases/index.ts';

const parse = (doc: unknown) => parseScenario(JSON.stringify(doc, null, 2));

describe('a scenario chooses its Kafka release ("kafka")', () => {
  it('defaults to 4.4 and keeps the field absent when not written', () => {
    const r = parse({});
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.scenario.kafka).toBeUndefined();
    expect(releaseOf(r.scenario)).toBe('4.4');
  });

  it('keeps a named release', () => {
    const r = parse({ kafka: '4.2' });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.scenario.kafka).toBe('4.2');
    expect(releaseOf(r.scenario)).toBe('4.2');
  });

  it('refuses a release line that does not exist, naming the ones that do', () => {
    const r = parse({ kafka: '4.0' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]!.path).toBe('$.kafka');
    expect(r.errors[0]!.message).toMatch(/4\.1.*4\.4/);
  });

  it('refuses a release for the draft protocol, which was never released', () => {
    const r = parse({ protocol: 'kip1071-draft', kafka: '4.4' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.path).toBe('$.kafka');
    expect(r.errors[0]!.message).toContain('has no releases');
  });
});

describe('checkReleases and byRelease (the releases `sgp check` runs, and what differs under each)', () => {
  const step = (expect: unknown) => ({ steps: [{ advance: 1, expect }] });

  it('keeps the releases to check, in order', () => {
    const r = parse({ checkReleases: ['4.1', '4.4'] });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.scenario.checkReleases).toEqual(['4.1', '4.4']);
  });

  it.each([
    [{ checkReleases: ['4.0'] }, '$.checkReleases[0]', /4\.1.*4\.4/],
    [{ checkReleases: ['4.2', '4.2'] }, '$.checkReleases[1]', /4\.2 twice/],
    [{ checkReleases: '4.2' }, '$.checkReleases', /array/],
    [{ protocol: 'kip1071-draft', checkReleases: ['4.4'] }, '$.checkReleases', /has no releases/],
    [step({ byRelease: { '4.0': { error: 'NONE' } } }), '$.steps[0].expect.byRelease["4.0"]', /not a Kafka release/],
    [step({ byRelease: { '4.2': { byVariant: {} } } }), '$.steps[0].expect.byRelease["4.2"].byVariant', /cannot be nested/],
    [step({ byVariant: { current: { byRelease: {} } } }), '$.steps[0].expect.byVariant.current.byRelease', /cannot be nested/],
    [{ protocol: 'kip1071-draft', ...step({ byRelease: { '4.4': {} } }) }, '$.steps[0].expect.byRelease', /has no releases/],
  ])('refuses %j at its path', (doc, path, message) => {
    const r = parse(doc);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.path)).toContain(path);
    expect(r.errors.find((e) => e.path === path)!.message).toMatch(message);
  });

  it('keeps byRelease expectations by release', () => {
    const r = parse(step({ error: 'NONE', byRelease: { '4.1': { error: 'FENCED_MEMBER_EPOCH' } } }));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.scenario.steps[0]!.expect).toEqual({ error: 'NONE', byRelease: { '4.1': { error: 'FENCED_MEMBER_EPOCH' } } });
  });
});

describe('matchUnder: shared keys, then byVariant, then byRelease', () => {
  const actual = { response: { errorCode: 0, memberEpoch: 2 }, errorName: 'NONE', group: null, records: [] };
  const expectation = {
    error: 'NONE',
    response: { memberEpoch: 1 },
    byVariant: { 'A-persist-partial': { response: { memberEpoch: 3 } } },
    byRelease: { '4.2': { response: { memberEpoch: 2 } } },
  };

  it('a release block replaces the shared key, and its mismatch names the block', () => {
    expect(matchUnder(expectation, { variant: 'current', release: '4.2' }, actual, '$.e')).toEqual([]);
    expect(matchUnder(expectation, { variant: 'current', release: '4.4' }, actual, '$.e')).toEqual([{ path: '$.e.response.memberEpoch', expected: 1, actual: 2 }]);
    expect(matchUnder(expectation, { variant: 'A-persist-partial', release: '4.4' }, actual, '$.e')).toEqual([
      { path: '$.e.byVariant["A-persist-partial"].response.memberEpoch', expected: 3, actual: 2 },
    ]);
    // the release's block wins over the variant's
    expect(matchUnder(expectation, { variant: 'A-persist-partial', release: '4.2' }, actual, '$.e')).toEqual([]);
    expect(resolveExpectation(expectation, { variant: 'A-persist-partial', release: '4.2' })).toEqual({ error: 'NONE', response: { memberEpoch: 2 } });
  });

  it("a scenario's own run: its variant, and its release only for an edition with releases", () => {
    expect(runUnder({ variant: 'current' }, true)).toEqual({ variant: 'current', release: '4.4' });
    expect(runUnder({ variant: 'current', kafka: '4.1' }, true)).toEqual({ variant: 'current', release: '4.1' });
    expect(runUnder({ variant: 'current' }, false)).toEqual({ variant: 'current', release: undefined });
  });
});

describe('parseScenarioUnderRelease (as if "kafka" were R)', () => {
  it('sets the release, replacing the one the text names', () => {
    for (const text of ['{"title": "x"}', '{"kafka": "4.4"}']) {
      const r = parseScenarioUnderRelease(text, '4.2');
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      expect(r.scenario.kafka).toBe('4.2');
    }
  });

  it("keeps the text's positions for what it reports", () => {
    const r = parseScenarioUnderRelease('{\n  "kafka": "4.4",\n  "colour": 1\n}', '4.1');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({ path: '$.colour', line: 3, column: 3 });
    expect(parseScenarioUnderRelease('{"kafka": "4.4"}', '4.0').ok).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenario/parse.ts';
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

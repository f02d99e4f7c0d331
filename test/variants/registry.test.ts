// The variant registry (src/core/variants/): one file per variant, and what the other layers derive from it.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heartbeatMaxVersion, VARIANT_DEFINITIONS, VARIANTS, variantDefinition, variantRules, variantsFor, variantsWithHeartbeatV2 } from '../../src/core/variants/index.ts';
import { supportedVersions } from '../../src/core/broker/broker.ts';
import { editionNamed } from '../../src/core/editions/index.ts';
import { requestVersionFor } from '../../src/core/clients/simulated.ts';
import { requestFields } from '../../src/core/scenario/validate.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { USAGE } from '../../src/cli/cli.ts';

describe('variant registry', () => {
  it('lists every file of src/core/variants/ once, each named as its file, current first', () => {
    const files = readdirSync(new URL('../../src/core/variants/', import.meta.url))
      .filter((f) => f !== 'index.ts' && f !== 'types.ts')
      .map((f) => f.replace(/\.ts$/, ''));
    expect([...VARIANTS].sort()).toEqual(files.sort());
    expect(VARIANTS[0]).toBe('current');
    expect(new Set(VARIANTS).size).toBe(VARIANTS.length);
  });

  it('every definition has a summary, an expected outcome and at least ak4', () => {
    for (const d of VARIANT_DEFINITIONS) {
      expect(d.summary.length, d.name).toBeGreaterThan(20);
      expect(d.outcome.length, d.name).toBeGreaterThan(20);
      expect(d.editions, d.name).toContain('ak4');
    }
  });

  it('the coordinator rules, the broker, the clients and the validator agree on the heartbeat versions', () => {
    for (const v of VARIANTS) {
      const d = variantDefinition(v);
      expect(variantRules(v).nestedReport, v).toBe(d.heartbeat.v2 === 'nested');
      expect(supportedVersions(editionNamed('ak4'), 'StreamsGroupHeartbeat', v), v).toEqual([0, heartbeatMaxVersion(v)]);
      expect(requestFields('ak4', v, 'StreamsGroupHeartbeat')!.length - 1, v).toBe(heartbeatMaxVersion(v));
      for (const profile of ['java', 'partial'] as const) expect(requestVersionFor(profile, v).version, v).toBeLessThanOrEqual(heartbeatMaxVersion(v));
    }
    expect(variantsWithHeartbeatV2()).toEqual(expect.arrayContaining(['B-accumulate-signal', 'D-nested-report']));
    expect(variantsWithHeartbeatV2('nested')).toContain('D-nested-report');
    expect(variantsWithHeartbeatV2()).not.toContain('current');
    expect(requestVersionFor('java', 'D-nested-report')).toEqual({ version: 2, nested: true });
    expect(requestVersionFor('partial', 'D-nested-report')).toEqual({ version: 1, nested: false });
  });

  it('only the baselines exist for the draft edition; a proposal on the draft is refused with the names', () => {
    expect(variantsFor('kip1071-draft')).toEqual(expect.arrayContaining(['current', 'coordinator-only']));
    expect(variantsFor('kip1071-draft')).not.toContain('E-release-on-timeout');
    const r = parseScenario(JSON.stringify({ format: 1, protocol: 'kip1071-draft', variant: 'E-release-on-timeout', steps: [] }));
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).toContain('variant \\"E-release-on-timeout\\" is a proposal for protocol \\"ak4\\"');
  });

  it('E-release-on-timeout is a scenario variant whose rebalance timeout releases; the KAFKA-20870 options fence as today', () => {
    expect(parseScenario(JSON.stringify({ format: 1, variant: 'E-release-on-timeout', steps: [] })).ok).toBe(true);
    expect(variantRules('E-release-on-timeout').onRebalanceTimeout).toBe('release-pending');
    for (const v of ['current', 'coordinator-only', 'A-persist-partial', 'B-accumulate', 'B-accumulate-signal', 'C-reject-partial', 'D-nested-report'] as const)
      expect(variantRules(v).onRebalanceTimeout, v).toBe('fence');
  });

  it('the CLI help lists every variant with its summary', () => {
    for (const d of VARIANT_DEFINITIONS) expect(USAGE).toMatch(new RegExp(`\\n  ${d.name} +${d.summary.slice(0, 20).replace(/[()]/g, '.')}`));
  });
});

// The variant registry: every variant is one file in this folder; this list is the only place that names them all.
// The `Variant` type, the `VARIANTS` list and everything per variant (rules, versions, texts) are read from here.
import type { Edition } from '../protocol/errors.ts';
import type { VariantDefinition, VariantRules } from './types.ts';
import current from './current.ts';
import coordinatorOnly from './coordinator-only.ts';
import aPersistPartial from './A-persist-partial.ts';
import bAccumulate from './B-accumulate.ts';
import bAccumulateSignal from './B-accumulate-signal.ts';
import cRejectPartial from './C-reject-partial.ts';
import dNestedReport from './D-nested-report.ts';
import eReleaseOnTimeout from './E-release-on-timeout.ts';

export type { VariantDefinition, VariantNarration, VariantRules } from './types.ts';

/** Every variant, in the order the UI, the CLI, the schema and the digest list them (`current` first). */
export const VARIANT_DEFINITIONS = [current, coordinatorOnly, aPersistPartial, bAccumulate, bAccumulateSignal, cRejectPartial, dNestedReport, eReleaseOnTimeout] as const;

/** A variant's name. */
export type Variant = (typeof VARIANT_DEFINITIONS)[number]['name'];

/** Every variant's name. */
export const VARIANTS: readonly Variant[] = VARIANT_DEFINITIONS.map((d) => d.name);

const BY_NAME = new Map<string, VariantDefinition<Variant>>(VARIANT_DEFINITIONS.map((d) => [d.name, d]));

export function isVariant(name: string): name is Variant {
  return BY_NAME.has(name);
}

/** The definition of a variant. */
export function variantDefinition(name: Variant): VariantDefinition<Variant> {
  return BY_NAME.get(name)!;
}

const RULES = new Map<string, VariantRules>(VARIANT_DEFINITIONS.map((d) => [d.name, { ...d.rules, nestedReport: d.heartbeat.v2 === 'nested' }]));

/** The coordinator's rules for a variant (one object per variant, shared). */
export function variantRules(name: Variant): VariantRules {
  return RULES.get(name)!;
}

/** The variants that apply to an edition. */
export function variantsFor(edition: Edition): readonly Variant[] {
  return VARIANTS.filter((v) => variantDefinition(v).editions.includes(edition));
}

/** The variants whose StreamsGroupHeartbeat has a v2, by its request shape. */
export function variantsWithHeartbeatV2(shape?: 'flat' | 'nested'): readonly Variant[] {
  return VARIANTS.filter((v) => {
    const v2 = variantDefinition(v).heartbeat.v2;
    return v2 !== null && (shape === undefined || v2 === shape);
  });
}

/** The newest StreamsGroupHeartbeat version a broker accepts under the variant (ak4). */
export function heartbeatMaxVersion(name: Variant): number {
  return variantDefinition(name).heartbeat.v2 === null ? 1 : 2;
}

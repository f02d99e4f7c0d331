// The Kafka releases an ak4 scenario may choose (its "kafka" field). Each models the newest patch of its line; the
// shipped coordinator (src/core/coordinator/) is 4.4's, and a release differs from it by data and rule switches
// (types.ts; one file per line, each defined by what it changes from the next newer one).
import { KAFKA_4_1 } from './kafka-4.1.ts';
import { KAFKA_4_2 } from './kafka-4.2.ts';
import { KAFKA_4_3 } from './kafka-4.3.ts';
import { KAFKA_4_4 } from './kafka-4.4.ts';
import { hasOwnKey } from '../util/own.ts';
import { DEFAULT_KAFKA_RELEASE, KAFKA_RELEASES, type KafkaRelease } from './names.ts';
import type { ReleaseRules } from './types.ts';

export { DEFAULT_KAFKA_RELEASE, KAFKA_RELEASES, RELEASE_PATCH, releaseOf, type KafkaRelease } from './names.ts';
export type { ReleaseDifference, ReleaseRules, ReleaseSwitches, VersionRange } from './types.ts';

const RELEASES: Readonly<Record<KafkaRelease, ReleaseRules>> = { '4.1': KAFKA_4_1, '4.2': KAFKA_4_2, '4.3': KAFKA_4_3, '4.4': KAFKA_4_4 };

/** A release line's data and switches (absent: the default release, 4.4). */
export function releaseRules(release: KafkaRelease = DEFAULT_KAFKA_RELEASE): ReleaseRules {
  return RELEASES[release];
}

/**
 * The config values a scenario runs with under its release: its own, and for each config the release does not have
 * (which the validator refuses), the value the release behaves as. 4.4 has them all: its values are the scenario's.
 */
export function releaseConfigValues(release: ReleaseRules, values: Readonly<Record<string, number | string>>): Readonly<Record<string, number | string>> {
  return Object.keys(release.absentConfigs).length === 0 ? values : { ...values, ...release.absentConfigs };
}

/** The oldest release that has `config` (a broker config name), or null when every release has it. */
export function firstReleaseWithConfig(config: string): KafkaRelease | null {
  const missing = KAFKA_RELEASES.filter((k) => hasOwnKey(RELEASES[k].absentConfigs, config));
  if (missing.length === 0) return null;
  return KAFKA_RELEASES.find((k) => !hasOwnKey(RELEASES[k].absentConfigs, config)) ?? null;
}

/** One row of the per-release summary (README table, UI): the release, what differs there from the next newer one, the ticket. */
export interface ReleaseSummaryRow {
  readonly release: KafkaRelease;
  readonly patch: string;
  readonly what: string;
  readonly ticket: string;
}

/** Every release's differences from the next newer release, oldest release first (4.4 has none: it is the shipped coordinator). */
export function releaseSummary(): ReleaseSummaryRow[] {
  return KAFKA_RELEASES.flatMap((k) => RELEASES[k].differences.map((d) => ({ release: k, patch: RELEASES[k].patch, what: d.what, ticket: d.ticket })));
}

/** The shipped coordinator's release (4.4): what the engine runs when nobody names one. */
export const SHIPPED_RELEASE: ReleaseRules = KAFKA_4_4;

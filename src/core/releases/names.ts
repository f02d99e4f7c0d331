// The Kafka release lines an ak4 scenario may choose (its "kafka" field): the names only, a leaf the scenario types,
// the release data and the validator import.
/** The release lines a scenario may name, oldest first. */
export const KAFKA_RELEASES = ['4.1', '4.2', '4.3', '4.4'] as const;
export type KafkaRelease = (typeof KAFKA_RELEASES)[number];

/** What a scenario runs when it names no release. */
export const DEFAULT_KAFKA_RELEASE: KafkaRelease = '4.4';

/** The patch release each line models (the jars its shard oracle runs). */
export const RELEASE_PATCH: Readonly<Record<KafkaRelease, string>> = { '4.1': '4.1.2', '4.2': '4.2.2', '4.3': '4.3.2', '4.4': '4.4.0' };

/** A scenario's release: the one it names, else the default. */
export function releaseOf(scenario: { readonly kafka?: KafkaRelease }): KafkaRelease {
  return scenario.kafka ?? DEFAULT_KAFKA_RELEASE;
}

// The narration's line for a step that a release rule decided: what the run's release did, then what every other
// release does, grouped by their value of the rule, read from the release data (src/core/releases/kafka-4.N.ts), so a
// release line and its narration cannot drift apart. ("In Kafka 4.2 a known member may rejoin at epoch 0; in 4.1 it
// is fenced.")
import { KAFKA_RELEASES, releaseRules, type KafkaRelease, type ReleaseRules } from './index.ts';

/** "4.1", "4.1 and 4.2", "4.2, 4.3 and 4.4". */
function releaseList(releases: readonly KafkaRelease[]): string {
  return releases.length <= 1 ? (releases[0] ?? '') : `${releases.slice(0, -1).join(', ')} and ${releases.at(-1)}`;
}

/**
 * "In Kafka R <what R does>; in <others> <what they do>…": `rule(release)` is the value that decides (a switch, a
 * config the release lacks, or several), `says(value)` the clause for a release with that value. Every value that
 * some release has gets its clause, the run's release first.
 */
export function releaseContrast<V>(release: ReleaseRules, rule: (r: ReleaseRules) => V, says: (value: V) => string): string {
  const key = (v: V) => JSON.stringify(v);
  const groups = new Map<string, { value: V; releases: KafkaRelease[] }>();
  for (const k of KAFKA_RELEASES) {
    const value = rule(releaseRules(k));
    const g = groups.get(key(value));
    if (g) g.releases.push(k);
    else groups.set(key(value), { value, releases: [k] });
  }
  const own = key(rule(release));
  const others = [...groups.entries()].filter(([k]) => k !== own).map(([, g]) => `in ${releaseList(g.releases)} ${says(g.value)}`);
  return `In Kafka ${release.release} ${says(rule(release))}${others.length ? `; ${others.join('; ')}` : ''}.`;
}

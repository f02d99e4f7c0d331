// The request versions a Kafka release's jars read, for the RPCs whose versions differ between 4.1 and 4.4
// (kafka-clients' common/message/*Request.json validVersions): what the shard engine refuses to send to an older
// release, and what a generated scenario is fitted to before it runs as one.
import { releaseRules, type KafkaRelease } from '../releases/index.ts';

/** The newest version of `api` that `release` reads, or undefined when it is the same in every release. */
export function newestRequestVersion(release: KafkaRelease, api: string): number | undefined {
  // StreamsGroupHeartbeat and StreamsGroupDescribe: the release's data (v1 came with 4.4, KIP-1309 and KIP-1331)
  if (api === 'StreamsGroupHeartbeat' || api === 'StreamsGroupDescribe') return releaseRules(release).versions[api][1];
  // DeleteGroups v3 is new in 4.4 (0-2 in 4.1.2, 4.2.2 and 4.3.2)
  if (api === 'DeleteGroups') return release === '4.4' ? 3 : 2;
  return undefined;
}

// A scenario made runnable as an older Kafka release: a broker config the release does not have goes (the release
// behaves as its own value, ReleaseRules.absentConfigs), and a step that sends a request version the release does not
// read (releaseVersions.ts) sends the release's newest instead, without the fields only the newer version has
// (StreamsGroupDescribe v1's includeTopologyDescription; StreamsGroupHeartbeat v1 adds no request field).
import { releaseRules, type KafkaRelease } from '../../releases/index.ts';
import { newestRequestVersion } from '../releaseVersions.ts';
import type { Json } from './header.ts';

/** Request fields a version adds, by RPC: dropped when a step goes down to an older version. */
const NEWER_FIELDS: Readonly<Record<string, readonly string[]>> = { StreamsGroupDescribe: ['includeTopologyDescription'] };

export interface ReleaseFit {
  /**
   * Which configs the release lacks go: "all" (a generated scenario: it runs as the release), or "same" only those set
   * to the value the release behaves as (an example: one that relies on another value cannot run as that release).
   */
  configs: 'all' | 'same';
}

/** The scenario with its "kafka" field set to `release`, its configs and every request version fitted to it. */
export function fitForRelease(doc: Json, release: KafkaRelease, fit: ReleaseFit = { configs: 'all' }): Json {
  const absent = releaseRules(release).absentConfigs;
  const config = Object.fromEntries(Object.entries((doc.config as Json | undefined) ?? {}).filter(([name, value]) => !(name in absent) || (fit.configs === 'same' && absent[name] !== value)));
  const steps = (doc.steps as Json[]).map((step) => {
    const api = step.send;
    if (typeof api !== 'string' || typeof step.version !== 'number') return step;
    const newest = newestRequestVersion(release, api);
    if (newest === undefined || step.version <= newest) return step;
    const data = { ...(step.data as Json | undefined) };
    for (const f of NEWER_FIELDS[api] ?? []) delete data[f];
    return { ...step, version: newest, ...(step.data !== undefined ? { data } : {}) };
  });
  return { ...doc, kafka: release, ...(doc.config !== undefined ? { config } : {}), steps };
}

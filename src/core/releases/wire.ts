// The message schemas as a release's kafka-clients jar has them (common/message/*.json): the shipped schemas (Kafka
// 4.4.0's, src/core/editions/ak4/schemas.ts and the generated group RPCs) cut to the versions the release reads, with
// the names and defaults its JSON files give. The Hex view encodes and decodes a step with them, and
// test/oracle/codec-releases.oracle.test.ts checks them byte for byte against each release's own message classes.
// Traces keep 4.4's field names (a response's v0 lag is `acceptableRecoveryLagLegacy` in every release);
// `toReleaseJson` renames a message to the release's names before it is encoded with the release's schema.
import { DEFAULT_PROTOCOL } from '../editions/index.ts';
import { getSchema } from '../wire/index.ts';
import type { FieldSpec, MessageKind, MessageSchema, StructSpec } from '../wire/types.ts';
import { parseVersions } from '../wire/versions.ts';
import { newestRequestVersion } from '../oracle/releaseVersions.ts';
import { DEFAULT_KAFKA_RELEASE, releaseRules, type KafkaRelease } from './index.ts';

/** A field 4.4 renamed: its name in the releases before (JSON key form too), for one message kind. */
interface Renamed {
  readonly kind: MessageKind;
  /** 4.4's schema name of the field. */
  readonly shipped: string;
  /** The name the older releases' schema gives it. */
  readonly older: string;
  /** The releases that use the older name. */
  readonly releases: readonly KafkaRelease[];
}

// [4.1]–[4.3] StreamsGroupHeartbeatResponse v0's int32 lag is "AcceptableRecoveryLag"; 4.4 renamed it
// "AcceptableRecoveryLagLegacy" when v1 brought the int64 AcceptableRecoveryLag (KIP-1331)
const RENAMED: readonly Renamed[] = [{ kind: 'StreamsGroupHeartbeatResponse', shipped: 'AcceptableRecoveryLagLegacy', older: 'AcceptableRecoveryLag', releases: ['4.1', '4.2', '4.3'] }];

const jsonKeyOf = (name: string): string => name.charAt(0).toLowerCase() + name.slice(1);
const apiOf = (kind: MessageKind): string => kind.replace(/(Request|Response)$/, '');

const cache = new Map<string, MessageSchema>();

/**
 * `kind`'s schema in `release` (the shipped protocol, DEFAULT_PROTOCOL): 4.4's, or for an RPC whose versions differ, 4.4's cut to the
 * release's versions (fields and structs of later versions dropped) with the release's field names and defaults.
 */
export function releaseSchema(kind: MessageKind, release: KafkaRelease): MessageSchema {
  const shipped = getSchema(kind, DEFAULT_PROTOCOL);
  if (release === DEFAULT_KAFKA_RELEASE) return shipped;
  const newest = newestRequestVersion(release, apiOf(kind));
  if (newest === undefined) return shipped;
  const key = `${kind}@${release}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const lo = parseVersions(shipped.validVersions)!.lo;
  const renames = new Map(RENAMED.filter((r) => r.kind === kind && r.releases.includes(release)).map((r) => [r.shipped, r.older]));
  // [4.1] the response's Status defaulted to null (KIP-1071; 4.2 made it an always-sent list: emptyStatusIsNull)
  const statusDefaultNull = kind === 'StreamsGroupHeartbeatResponse' && releaseRules(release).switches.emptyStatusIsNull;
  const cutFields = (fields: readonly FieldSpec[], top: boolean): FieldSpec[] =>
    fields
      .filter((f) => overlaps(f.versions, lo, newest))
      .map((f) => {
        const out: FieldSpec = { ...f, name: (top && renames.get(f.name)) || f.name };
        if (f.fields) out.fields = cutFields(f.fields, false);
        if (top && statusDefaultNull && f.name === 'Status') out.default = null;
        return out;
      });
  const cutStructs = (structs: readonly StructSpec[] | undefined): StructSpec[] | undefined =>
    structs?.filter((s) => overlaps(s.versions, lo, newest)).map((s) => ({ ...s, fields: cutFields(s.fields, false) }));
  const schema: MessageSchema = {
    name: shipped.name,
    apiKey: shipped.apiKey,
    type: shipped.type,
    validVersions: lo === newest ? `${lo}` : `${lo}-${newest}`,
    flexibleVersions: shipped.flexibleVersions,
    edition: shipped.edition,
    fields: cutFields(shipped.fields, true),
    source: `Kafka ${release}'s kafka-clients (common/message/${shipped.name}.json): 4.4.0's schema cut to v${lo === newest ? lo : `${lo}–v${newest}`}${renames.size ? `, with ${[...renames.values()].join(', ')} under its ${release} name` : ''}`,
  };
  const structs = cutStructs(shipped.commonStructs);
  if (structs) schema.commonStructs = structs;
  cache.set(key, schema);
  return schema;
}

/** A version range with any version in [lo, hi]. */
function overlaps(spec: string, lo: number, hi: number): boolean {
  const r = parseVersions(spec);
  return r !== null && r.lo <= hi && r.hi >= lo;
}

/** A trace's message (4.4's field names) in `release`'s names, for its schema (`releaseSchema`); unchanged in 4.4. */
export function toReleaseJson(kind: MessageKind, release: KafkaRelease, json: unknown): unknown {
  const renames = RENAMED.filter((r) => r.kind === kind && r.releases.includes(release));
  if (renames.length === 0 || typeof json !== 'object' || json === null || Array.isArray(json)) return json;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(json)) {
    const r = renames.find((x) => jsonKeyOf(x.shipped) === k);
    out[r ? jsonKeyOf(r.older) : k] = v;
  }
  return out;
}

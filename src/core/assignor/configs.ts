// Assignment configs as the Java assignors read them from the group's config map.

import { TaskAssignorException } from './types.ts';

export const NUM_STANDBY_REPLICAS_CONFIG = 'num.standby.replicas';
export const RACK_AWARE_ASSIGNMENT_TAGS_CONFIG = 'rack.aware.assignment.tags';
/** The draft branch reads camelCase (kip1071-draft §7.3). */
export const DRAFT_NUM_STANDBY_REPLICAS_CONFIG = 'numStandbyReplicas';

export interface AssignmentConfigs {
  readonly numStandbyReplicas: number;
  readonly rackAwareAssignmentTags: readonly string[];
}

/** Java Integer.parseInt; a missing or malformed value fails the assignment as the JVM would. */
export function parseJavaInt(key: string, value: string | undefined): number {
  // (the JVM's NumberFormatException messages; `key` names the config for the reader of this code only)
  void key;
  if (value === undefined) throw new TaskAssignorException('NumberFormatException: Cannot parse null string');
  const n = Number(value);
  if (!/^[+-]?\d+$/.test(value) || n > 2147483647 || n < -2147483648) throw new TaskAssignorException(`NumberFormatException: For input string: "${value}"`);
  return n;
}

/** Java String.trim: strips chars ≤ U+0020 at both ends. */
function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 32) a++;
  while (b > a && s.charCodeAt(b - 1) <= 32) b--;
  return s.slice(a, b);
}

/** AssignmentConfigsImpl.fromMap: empty map → defaults (0 standbys, no tags); tags split on Java's `\s*,\s*`. */
export function shippedConfigs(configs: ReadonlyMap<string, string>, rackAware: boolean): AssignmentConfigs {
  if (configs.size === 0) return { numStandbyReplicas: 0, rackAwareAssignmentTags: [] };
  const numStandbyReplicas = parseJavaInt(NUM_STANDBY_REPLICAS_CONFIG, configs.get(NUM_STANDBY_REPLICAS_CONFIG));
  const tags = rackAware ? configs.get(RACK_AWARE_ASSIGNMENT_TAGS_CONFIG) : undefined;
  return { numStandbyReplicas, rackAwareAssignmentTags: tags === undefined ? [] : javaTrim(tags).split(/[ \t\n\x0B\f\r]*,[ \t\n\x0B\f\r]*/) };
}

/** Draft: 0 if the map is empty, else Integer.parseInt(configs["numStandbyReplicas"]). */
export function draftConfigs(configs: ReadonlyMap<string, string>): AssignmentConfigs {
  if (configs.size === 0) return { numStandbyReplicas: 0, rackAwareAssignmentTags: [] };
  return {
    numStandbyReplicas: parseJavaInt(DRAFT_NUM_STANDBY_REPLICAS_CONFIG, configs.get(DRAFT_NUM_STANDBY_REPLICAS_CONFIG)),
    rackAwareAssignmentTags: [],
  };
}

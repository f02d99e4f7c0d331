// The order Kafka walks its group and member maps where that order decides which of several timers due in the same
// millisecond fires first, or which group's records a retention check writes first. The scenarios are Kafka-checked
// on the shard engine (test/oracle/shard/scenarios, test/oracle/shard.oracle.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GroupTable, groupTableOrder } from '../../src/core/coordinator/groups.ts';
import type { StreamsGroup } from '../../src/core/coordinator/group.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';

const dir = join(import.meta.dirname, '../oracle/shard/scenarios');

function recordKeys(file: string, step: number): string[] {
  const parsed = parseScenario(readFileSync(join(dir, file), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors[0]!.message);
  return runScenario(parsed.scenario).steps[step]!.records.map((r) => `${r.type} ${String(r.key.groupId)}${r.key.memberId === undefined ? '' : ` ${String(r.key.memberId)}`}`);
}

const group = {} as StreamsGroup;

function table(ids: string[]): GroupTable {
  const t = new GroupTable();
  for (const id of ids) t.set(id, group);
  return t;
}

describe("the coordinator's group map (GroupMetadataManager.groups, a TimelineHashMap)", () => {
  it('iterates by table slot, not by insertion or name: app then g2 go in, g2 comes out first', () => {
    const t = table(['app', 'g2']);
    expect(t.capacity).toBe(2);
    expect(groupTableOrder(t)).toEqual(['g2', 'app']);
  });
  it('keeps its table size when a group goes (BaseHashTable never shrinks), and a plain map counts its puts', () => {
    const t = table(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(t.capacity).toBe(8);
    t.delete('e');
    t.delete('f');
    expect(t.capacity).toBe(8);
    expect(t.copy((g) => g).capacity).toBe(8);
    expect(
      groupTableOrder(
        new Map([
          ['app', group],
          ['g2', group],
        ]),
      ),
    ).toEqual(['g2', 'app']);
  });
});

describe('timers due in the same millisecond fire in the order Kafka scheduled them', () => {
  it('after a load, member by member in the member map order (GroupMetadataManager.onLoaded): a before d', () => {
    const fenced = recordKeys('load-timer-order-members.json', 0).filter((k) => k.startsWith('StreamsGroupCurrentMemberAssignment'));
    expect(fenced).toEqual(['StreamsGroupCurrentMemberAssignment app a', 'StreamsGroupCurrentMemberAssignment app d']);
  });
  it('after a load, group by group in the group map order (GroupMetadataManager.onLoaded): g2 before app', () => {
    const keys = recordKeys('load-timer-order-groups.json', 0);
    expect(keys[0]).toBe('StreamsGroupCurrentMemberAssignment g2 g2-m0');
    expect(keys.findIndex((k) => k.includes(' app '))).toBeGreaterThan(keys.findIndex((k) => k.includes(' g2 ')));
  });
});

describe('the retention check visits groups in the group map order (GroupCoordinatorShard.cleanupGroupMetadata)', () => {
  it("deletes g2 before app: g2's tombstones come first", () => {
    const keys = recordKeys('retention-group-order.json', 3).filter((k) => k.startsWith('StreamsGroupTopology'));
    expect(keys).toEqual(['StreamsGroupTopology g2', 'StreamsGroupTopology app']);
  });
});

// Rack-aware standby tags (issue 18): Kafka 4.4.0's broker config is group.streams.rack.aware.assignment.tags
// (GroupCoordinatorConfig), the default of the group config streams.rack.aware.assignment.tags; it feeds
// GroupMetadataManager.streamsGroupAssignmentConfigs (LastAssignmentConfigs) and the MISSING_CLIENT_TAGS status of
// GroupMetadataManager.streamsGroupHeartbeat.
import { describe, expect, it } from 'vitest';
import { Config, ConfigError } from '../../src/core/config.ts';
import { Harness, NO_DELAYS } from '../conformance/harness.ts';

const MISSING_CLIENT_TAGS = 6;
const codes = (res: Record<string, unknown>) => (res.status as { statusCode: number }[]).map((s) => s.statusCode);

describe('group.streams.rack.aware.assignment.tags', () => {
  it('is the broker config (GroupCoordinatorConfig); the group config name is not a broker config', () => {
    expect(Config.from({ 'group.streams.rack.aware.assignment.tags': 'zone,rack' }).list('group.streams.rack.aware.assignment.tags')).toEqual(['zone', 'rack']);
    expect(() => Config.from({ 'streams.rack.aware.assignment.tags': 'zone' })).toThrow(ConfigError);
  });

  it('refuses a repeated tag key, as ValidList.anyNonDuplicateValues does at broker start-up', () => {
    expect(() => Config.from({ 'group.streams.rack.aware.assignment.tags': 'zone, zone' })).toThrow(/must not contain duplicate values/);
    expect(Config.from({ 'group.streams.rack.aware.assignment.tags': '' }).list('group.streams.rack.aware.assignment.tags')).toEqual([]);
  });

  it('streamsGroupAssignmentConfigs: set, LastAssignmentConfigs carries rack.aware.assignment.tags; a v1 member without the tag gets MISSING_CLIENT_TAGS', () => {
    const h = new Harness({ config: { ...NO_DELAYS, 'group.streams.rack.aware.assignment.tags': 'zone' } });
    const r = h.join('A', 'pA');
    expect(r.records.find((x) => x.type === 'StreamsGroupMetadata')!.value).toMatchObject({
      lastAssignmentConfigs: [
        { key: 'num.standby.replicas', value: '0' },
        { key: 'rack.aware.assignment.tags', value: 'zone' },
      ],
    });
    expect(codes(r.res)).toContain(MISSING_CLIENT_TAGS);
    // a member that carries the tag is not told
    expect(codes(h.join('B', 'pB', undefined, { clientTags: [{ key: 'zone', value: 'z1' }] }).res)).not.toContain(MISSING_CLIENT_TAGS);
  });

  it('unset, LastAssignmentConfigs holds num.standby.replicas only and no status asks for client tags', () => {
    const h = new Harness();
    const r = h.join('A', 'pA');
    expect(r.records.find((x) => x.type === 'StreamsGroupMetadata')!.value).toMatchObject({ lastAssignmentConfigs: [{ key: 'num.standby.replicas', value: '0' }] });
    expect(codes(r.res)).not.toContain(MISSING_CLIENT_TAGS);
  });
});

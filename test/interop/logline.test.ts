// One request-logger line taken apart: prefixes, layouts, timestamps, broken lines.
import { describe, expect, it } from 'vitest';
import { parseLogLine, parseTimestamp } from '../../src/core/interop/index.ts';
import { fixture } from './helpers.ts';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0, 123);

describe('parseLogLine', () => {
  const lines = fixture('prefixes-log.txt')
    .split('\n')
    .filter((l) => l !== '');

  it('reads the same request in every layout of the fixture', () => {
    expect(lines).toHaveLength(7);
    for (const l of lines) {
      const p = parseLogLine(l);
      expect(p.ok, l.slice(0, 80)).toBe(true);
      if (!p.ok) continue;
      expect(p).toMatchObject({ apiKey: 88, apiVersion: 1, apiKeyName: 'STREAMS_GROUP_HEARTBEAT', correlationId: 0, clientId: 'app-3c2d1e0f-5a6b-4c7d-8e9f-0a1b2c3d4e5f-StreamThread-1-consumer' });
      expect(p.request).toMatchObject({ groupId: 'app', memberId: 'Qx3mE2vTRkuN0bS5YlWc9A', memberEpoch: 0, activeTasks: [], standbyTasks: [], warmupTasks: [] });
      expect(p.response).toMatchObject({ errorCode: 0, memberEpoch: 2 });
      expect(p.connection).toMatch(/^127\.0\.0\.1:9092-127\.0\.0\.1:\d+-0$/);
    }
  });

  it('takes the timestamp from the log4j prefix, an ISO prefix with a zone, JsonLayout instant and @timestamp', () => {
    const ts = lines.map((l) => {
      const p = parseLogLine(l);
      return p.ok ? p.timestampMs : 'skipped';
    });
    // [%d] default, docker prefix, ISO +02:00, JsonLayout, JsonTemplateLayout, bare JSON (none), TRACE + CRLF
    expect(ts).toEqual([T0, T0, T0, T0, T0, null, T0]);
  });

  it('gives a reason for lines it cannot use', () => {
    const cases: [string, RegExp][] = [
      ['[2025-06-01 12:00:00,140] INFO [GroupCoordinator id=1] Loading group metadata (org.apache.kafka.coordinator.group.GroupCoordinatorService)', /not a request-logger line/],
      ['[2025-06-01 12:00:00,140] DEBUG Completed request:{"isForwarded":false,"requestHeader":{"requestApiKey":88', /cut off/],
      ['[2018-06-01 12:00:00,140] DEBUG Completed request:RequestHeader(apiKey=FETCH, apiVersion=7) -- FetchRequest(...) (kafka.request.logger)', /not followed by JSON/],
      ['[2025-06-01 12:00:00,140] DEBUG Completed request:{"isForwarded":false,"requestHeader":{"x":1}} (kafka.request.logger)', /no numeric requestApiKey/],
      ['[2025-06-01 12:00:00,140] DEBUG Completed request:{"a":1,} (kafka.request.logger)', /does not parse/],
      ['{"level":"INFO","message":"Kafka Server started"}', /JSON line that is not a request-logger entry/],
      ['{"requestHeader": [1,', /JSON line, but/],
      ['[1, 2, 3]', /not a request-logger line/],
    ];
    for (const [line, reason] of cases) {
      const p = parseLogLine(line);
      expect(p.ok, line).toBe(false);
      if (!p.ok) expect(p.reason).toMatch(reason);
    }
  });

  it('finds the end of the JSON even with braces and escaped quotes inside strings', () => {
    const line =
      '[2025-06-01 12:00:00,140] DEBUG Completed request:{"isForwarded":false,"requestHeader":{"requestApiKey":89,"requestApiVersion":0,"correlationId":3,"clientId":"we}ird\\"{id","requestApiKeyName":"STREAMS_GROUP_DESCRIBE"},"request":{"groupIds":["a}b"],"includeAuthorizedOperations":false},"response":""} (kafka.request.logger)';
    const p = parseLogLine(line);
    expect(p).toMatchObject({ ok: true, clientId: 'we}ird"{id', request: { groupIds: ['a}b'] }, response: '' });
  });
});

describe('parseTimestamp', () => {
  it('reads log4j and ISO forms, with and without zones and fractions', () => {
    expect(parseTimestamp('[2025-06-01 12:00:00,123]')).toBe(T0);
    expect(parseTimestamp('2025-06-01T12:00:00.123Z')).toBe(T0);
    expect(parseTimestamp('2025-06-01T13:30:00.123+0130')).toBe(T0);
    expect(parseTimestamp('2025-06-01T10:00:00.123456-02:00')).toBe(T0);
    expect(parseTimestamp('2025-06-01 12:00:00')).toBe(T0 - 123);
  });

  it('refuses what is not a date', () => {
    expect(parseTimestamp('no time here')).toBeNull();
    expect(parseTimestamp('2025-02-30 12:00:00,000')).toBeNull();
    expect(parseTimestamp('2025-13-01 12:00:00,000')).toBeNull();
    expect(parseTimestamp('2024-02-29 12:00:00,000')).toBe(Date.UTC(2024, 1, 29, 12));
  });
});

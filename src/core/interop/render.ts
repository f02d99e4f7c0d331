// Trace -> broker request-log lines, in the exact form Kafka's request logger writes them (see
// logline.ts): for tests of the importer, for round trips, and to show what a broker would log.
import type { Edition } from '../protocol/errors.ts';
import type { RpcName, Trace } from '../scenario/types.ts';
import { COMPLETED_REQUEST } from './logline.ts';
import { editionNamed } from '../editions/index.ts';
import { API_KEY_NAMES } from './requestLog.ts';
import { exchangeApi } from '../scenario/exchange-api.ts';

export interface RenderOptions {
  /** Wall-clock ms of the scenario's time 0 (default 2025-01-01T00:00:00Z). */
  startMs?: number;
  /** `log4j`: `[%d] %p %m (%c)` (Kafka's default pattern, default); `json`: the bare JSON object. */
  layout?: 'log4j' | 'json';
  /** clientId for a member alias (default: `<group>-<alias>-StreamThread-1-consumer`, like a Streams thread's consumer). */
  clientId?: (alias: string) => string;
  groupId?: string;
  /** Level printed (the logger writes at DEBUG). */
  level?: 'DEBUG' | 'TRACE';
}

const DEFAULT_START_MS = Date.UTC(2025, 0, 1, 0, 0, 0, 0);

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** log4j's default `%d`: `yyyy-MM-dd HH:mm:ss,SSS` (here in UTC). */
export function log4jDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())},${pad(d.getUTCMilliseconds(), 3)}`;
}

/** Jackson prints a DoubleNode with a fraction (`1.0`); JSON.stringify would print `1`. */
const dbl = (x: number) => (Number.isInteger(x) ? `${x}.0` : String(x));

export interface LoggedExchange {
  at: number;
  member: string | null;
  api: RpcName;
  version: number;
  request: unknown;
  response: unknown;
}

export { exchangeApi };

/** Every request of a trace with its response, in time order (step requests and `run` heartbeats). */
export function exchangesOf(trace: Trace): LoggedExchange[] {
  const out: LoggedExchange[] = [];
  for (const s of trace.steps) {
    if (s.api !== null && s.request !== null && s.response !== null) {
      out.push({ at: s.time, member: s.member, api: s.api, version: s.version ?? 0, request: s.request, response: s.response });
    }
    for (const e of s.exchanges) {
      const api = e.api ?? exchangeApi(e.request);
      const version =
        e.version !== undefined ? e.version : api === 'StreamsGroupInitialize' ? 0 : typeof e.request === 'object' && e.request !== null && 'ownedTasks' in e.request ? 2 : heartbeatVersion(trace);
      out.push({ at: e.at, member: e.member, api, version, request: e.request, response: e.response });
    }
  }
  return out;
}

/** The heartbeat version a trace's simulated clients use (the one its step requests show, else the newest of the edition). */
function heartbeatVersion(trace: Trace): number {
  for (const s of trace.steps) if (s.api === 'StreamsGroupHeartbeat' && s.version !== null) return s.version;
  return editionNamed(trace.protocol).defaultHeartbeatVersion;
}

/** One line as the request logger writes it. */
export function requestLogLine(
  x: { at: number; apiKey: number; apiKeyName: string; version: number; correlationId: number; clientId: string; request: unknown; response: unknown; port: number },
  options: RenderOptions = {},
): string {
  const header = { requestApiKey: x.apiKey, requestApiVersion: x.version, correlationId: x.correlationId, clientId: x.clientId, requestApiKeyName: x.apiKeyName };
  const desc =
    `{"isForwarded":false,"requestHeader":${JSON.stringify(header)},"request":${JSON.stringify(x.request)},"response":${JSON.stringify(x.response)}` +
    `,"connection":${JSON.stringify(`127.0.0.1:9092-127.0.0.1:${x.port}-0`)}` +
    `,"totalTimeMs":${dbl(1)},"requestQueueTimeMs":${dbl(0.1)},"localTimeMs":${dbl(0.8)},"remoteTimeMs":${dbl(0)},"throttleTimeMs":0` +
    `,"responseQueueTimeMs":${dbl(0)},"sendTimeMs":${dbl(0.1)},"securityProtocol":"PLAINTEXT","principal":"User:ANONYMOUS","listener":"PLAINTEXT"` +
    `,"clientInformation":{"softwareName":"apache-kafka-java","softwareVersion":"4.1.0"}}`;
  if (options.layout === 'json') return desc;
  const ts = log4jDate((options.startMs ?? DEFAULT_START_MS) + x.at);
  return `[${ts}] ${options.level ?? 'DEBUG'} ${COMPLETED_REQUEST}${desc} (kafka.request.logger)`;
}

/** The request log a broker would have written for this trace. */
export function toRequestLogLines(trace: Trace, options: RenderOptions = {}): string[] {
  const edition: Edition = trace.protocol;
  const group = options.groupId ?? 'app';
  const clientId = options.clientId ?? ((alias: string) => `${group}-${alias}-StreamThread-1-consumer`);
  const correlation = new Map<string, number>();
  const ports = new Map<string, number>();
  return exchangesOf(trace).map((x) => {
    const who = x.member ?? 'sgp';
    const cid = x.member !== null ? clientId(x.member) : 'sgp';
    const correlationId = correlation.get(who) ?? 0;
    correlation.set(who, correlationId + 1);
    if (!ports.has(who)) ports.set(who, 50000 + ports.size);
    return requestLogLine(
      {
        at: x.at,
        apiKey: editionNamed(edition).apiKeys[x.api] ?? -1,
        apiKeyName: API_KEY_NAMES[x.api] ?? x.api,
        version: x.version,
        correlationId,
        clientId: cid,
        request: x.request,
        response: x.response,
        port: ports.get(who)!,
      },
      options,
    );
  });
}

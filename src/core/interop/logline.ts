// One line of a broker request log, taken apart. Kafka's request logger (`kafka.request.logger`,
// enabled at DEBUG or TRACE) writes, per completed request (RequestChannel.Request#updateRequestMetrics):
//
//   requestLogger.debug("Completed request:" + RequestConvertToJson.requestDescMetrics(...).toString)
//
// where the JSON object has, in this order: isForwarded, requestHeader {requestApiKey,
// requestApiVersion, correlationId, clientId, requestApiKeyName[, requestApiVersionDeprecated]},
// request, response, connection, totalTimeMs, requestQueueTimeMs, localTimeMs, remoteTimeMs,
// throttleTimeMs, responseQueueTimeMs, sendTimeMs, securityProtocol, principal, listener,
// clientInformation {softwareName, softwareVersion}[, temporaryMemoryBytes][, messageConversionsTime].
// With Kafka's log4j pattern `[%d] %p %m (%c)%n` a line reads
//
//   [2025-06-01 12:00:00,123] DEBUG Completed request:{...} (kafka.request.logger)
//
// Other layouts put the logger name or a container prefix before the message, or emit the whole
// event as JSON (log4j2 JsonLayout / JsonTemplateLayout: the text is in `message`); a line may also
// be the bare JSON object itself.

export const COMPLETED_REQUEST = 'Completed request:';

/** What a request-log line says, or why it is not one. */
export type LogLine =
  | {
      ok: true;
      /** Wall-clock ms (UTC when the line gives no zone), when the line has a timestamp. */
      timestampMs: number | null;
      apiKey: number;
      apiVersion: number;
      apiKeyName: string | null;
      correlationId: number | null;
      clientId: string | null;
      /** The request in Kafka's JSON form ("" when the broker did not log it). */
      request: unknown;
      response: unknown;
      connection: string | null;
      /**
       * When the broker handed the request to its handler's asynchronous part (for a group RPC, the group
       * coordinator): the line's timestamp (written at completion) minus totalTimeMs plus requestQueueTimeMs and
       * localTimeMs. Null without a timestamp or those metrics. Fractional ms.
       */
      handledAtMs: number | null;
    }
  | { ok: false; reason: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Index just past the JSON value that starts at `start` (an object or array), or -1. */
export function endOfJsonValue(s: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `2025-06-01 12:00:00,123` (log4j's default %d), ISO 8601 with `T`, `.` or `,`, optional zone. */
const TIMESTAMP = /(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:[,.](\d{1,9}))?(Z|[+-]\d{2}:?\d{2})?/;

/** Parses a timestamp found anywhere in `text`; null when there is none or it is not a real date. */
export function parseTimestamp(text: string): number | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as [number, number, number, number, number, number];
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const dim = mo === 2 && leap ? 29 : (MONTH_DAYS[mo - 1] ?? 0);
  if (mo < 1 || mo > 12 || d < 1 || d > dim || h > 23 || mi > 59 || s > 60) return null;
  const frac = m[7] ?? '';
  const ms = frac === '' ? 0 : Number((frac + '00').slice(0, 3));
  let offsetMin = 0;
  const z = m[8];
  if (z && z !== 'Z') {
    const digits = z.replace(':', '');
    offsetMin = (digits[0] === '-' ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5)));
  }
  return Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMin * 60000;
}

/** The timestamp of a JSON log event (log4j2 JsonLayout `timeMillis`/`instant`, JsonTemplateLayout `@timestamp`, …). */
function eventTimestamp(e: Obj): number | null {
  if (typeof e.timeMillis === 'number') return e.timeMillis;
  if (isObj(e.instant) && typeof e.instant.epochSecond === 'number') {
    const nanos = typeof e.instant.nanoOfSecond === 'number' ? e.instant.nanoOfSecond : 0;
    return e.instant.epochSecond * 1000 + Math.floor(nanos / 1e6);
  }
  for (const k of ['@timestamp', 'timestamp', 'time', 'ts', 'date']) {
    const v = e[k];
    if (typeof v === 'string') return parseTimestamp(v);
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return null;
}

function fromDesc(desc: unknown, timestampMs: number | null): LogLine {
  if (!isObj(desc) || !isObj(desc.requestHeader)) return { ok: false, reason: 'the JSON has no "requestHeader" (not a request-logger entry)' };
  const h = desc.requestHeader;
  if (typeof h.requestApiKey !== 'number' || typeof h.requestApiVersion !== 'number') {
    return { ok: false, reason: 'the request header has no numeric requestApiKey/requestApiVersion' };
  }
  return {
    ok: true,
    timestampMs,
    apiKey: h.requestApiKey,
    apiVersion: h.requestApiVersion,
    apiKeyName: typeof h.requestApiKeyName === 'string' ? h.requestApiKeyName : null,
    correlationId: typeof h.correlationId === 'number' ? h.correlationId : null,
    clientId: typeof h.clientId === 'string' ? h.clientId : null,
    request: desc.request,
    response: desc.response,
    connection: typeof desc.connection === 'string' ? desc.connection : null,
    handledAtMs: handledAt(desc, timestampMs),
  };
}

function handledAt(desc: Obj, timestampMs: number | null): number | null {
  const { totalTimeMs: total, requestQueueTimeMs: queue, localTimeMs: local } = desc;
  if (timestampMs === null || typeof total !== 'number' || typeof queue !== 'number' || typeof local !== 'number') return null;
  return timestampMs - total + queue + local;
}

function parseJsonAt(text: string, start: number): { ok: true; value: unknown; end: number } | { ok: false; reason: string } {
  const end = endOfJsonValue(text, start);
  if (end < 0) return { ok: false, reason: 'the JSON is cut off (unbalanced braces; a truncated or wrapped line?)' };
  try {
    return { ok: true, value: JSON.parse(text.slice(start, end)), end };
  } catch (e) {
    return { ok: false, reason: `the JSON does not parse: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Takes one line apart (prefix, `Completed request:`, JSON, suffix). Never throws. */
export function parseLogLine(raw: string, depth = 0): LogLine {
  const line = raw.replace(/\r$/, '');
  const trimmed = line.trimStart();
  if (trimmed.startsWith('{')) {
    // a bare request description, or a JSON log event whose message holds the line
    const j = parseJsonAt(line, line.length - trimmed.length);
    if (j.ok && isObj(j.value)) {
      if (isObj(j.value.requestHeader)) return fromDesc(j.value, null);
      const m = j.value.message;
      const message = typeof m === 'string' ? m : isObj(m) && typeof m.message === 'string' ? m.message : null;
      if (message !== null && message.includes(COMPLETED_REQUEST) && depth === 0) {
        const inner = parseLogLine(message, depth + 1);
        return inner.ok && inner.timestampMs === null ? { ...inner, timestampMs: eventTimestamp(j.value) } : inner;
      }
      if (!line.includes(COMPLETED_REQUEST)) return { ok: false, reason: 'a JSON line that is not a request-logger entry' };
    } else if (!line.includes(COMPLETED_REQUEST)) {
      return { ok: false, reason: j.ok ? 'a JSON line that is not an object' : `a JSON line, but ${j.reason}` };
    }
  }
  const at = line.indexOf(COMPLETED_REQUEST);
  if (at < 0) return { ok: false, reason: 'not a request-logger line (no "Completed request:")' };
  const prefix = line.slice(0, at);
  const rest = at + COMPLETED_REQUEST.length;
  if (line[rest] !== '{') {
    return { ok: false, reason: '"Completed request:" is not followed by JSON (request logs before Kafka 2.8 are not JSON)' };
  }
  const j = parseJsonAt(line, rest);
  if (!j.ok) return { ok: false, reason: j.reason };
  return fromDesc(j.value, parseTimestamp(prefix));
}

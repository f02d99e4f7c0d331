// One TCP connection to a Kafka broker, speaking Kafka's binary protocol through the project's wire codec:
// size-prefixed frames, request header v1/v2, response header v0/v1, correlation ids, bounded waits.
import { Socket } from 'node:net';
import { decodeMessage, encodeMessage, type MessageSchema } from '../../core/wire/index.ts';
import { Reader } from '../../core/wire/bytes.ts';
import { inVersions } from '../../core/wire/versions.ts';

export class KafkaConnectionError extends Error {}

interface Pending {
  resolve: (body: Uint8Array) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

const API_VERSIONS_KEY = 18;

/**
 * The largest response frame accepted: Kafka's own default cap on a frame (socket.request.max.bytes, 100 MiB). A length
 * prefix above it is a peer that does not speak Kafka's protocol; the connection ends rather than buffer it.
 */
export const MAX_RESPONSE_FRAME_BYTES = 100 * 1024 * 1024;

/** A TLS record starts with its content type (21 alert, 22 handshake) and the protocol version 3.x. */
function looksLikeTls(b: Buffer): boolean {
  return b.length >= 3 && (b[0] === 21 || b[0] === 22) && b[1] === 3 && (b[2] ?? 9) <= 4;
}

export class KafkaConnection {
  private readonly socket: Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private nextCorrelationId = 1;
  private readonly pending = new Map<number, Pending>();
  private closedError: Error | undefined;
  /** Responses read so far (a listener that wants TLS or SASL first closes before or after ApiVersions). */
  private responses = 0;

  private constructor(
    socket: Socket,
    readonly clientId: string,
    readonly timeoutMs: number,
  ) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (e) => this.fail(new KafkaConnectionError(`connection error: ${e.message}`)));
    socket.on('close', () => this.fail(new KafkaConnectionError(this.closedByPeerMessage())));
  }

  /** Opens a connection; fails after `timeoutMs` (default 10 s). */
  static connect(host: string, port: number, opts: { clientId?: string; timeoutMs?: number } = {}): Promise<KafkaConnection> {
    const timeoutMs = opts.timeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const socket = new Socket();
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new KafkaConnectionError(`could not connect to ${host}:${port} within ${timeoutMs} ms`));
      }, timeoutMs);
      socket.once('error', (e) => {
        clearTimeout(timer);
        reject(new KafkaConnectionError(`could not connect to ${host}:${port}: ${e.message}`));
      });
      socket.connect(port, host, () => {
        clearTimeout(timer);
        socket.setNoDelay(true);
        socket.removeAllListeners('error');
        resolve(new KafkaConnection(socket, opts.clientId ?? 'sgp-oracle', timeoutMs));
      });
    });
  }

  /** Sends one request (with `clientId` in its header, default the connection's) and returns the decoded response body. */
  async send(request: MessageSchema, response: MessageSchema, version: number, data: Record<string, unknown>, clientId?: string): Promise<Record<string, unknown>> {
    if (this.closedError) throw this.closedError;
    const correlationId = this.nextCorrelationId++;
    const flexible = inVersions(request.flexibleVersions, version);
    // Request header v2 for flexible request versions, v1 otherwise.
    const header = encodeMessage('RequestHeader', flexible ? 2 : 1, {
      requestApiKey: request.apiKey,
      requestApiVersion: version,
      correlationId,
      clientId: clientId ?? this.clientId,
    });
    const body = encodeMessage(request, version, data, { ignorable: 'drop' });
    const frame = Buffer.alloc(4 + header.length + body.length);
    frame.writeInt32BE(header.length + body.length, 0);
    frame.set(header, 4);
    frame.set(body, 4 + header.length);
    const bytes = await new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(correlationId);
        reject(new KafkaConnectionError(`${request.name} v${version}: no response within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(correlationId, { resolve, reject, timer });
      this.socket.write(frame);
    });
    try {
      return decodeResponse(bytes, request, response, version, flexible);
    } catch (e) {
      // a frame that does not decode as the response is a peer that does not speak Kafka's protocol
      this.abort(`malformed ${response.name} v${version} from the broker: ${e instanceof Error ? e.message : String(e)}`);
      throw this.closedError ?? e;
    }
  }

  close(): void {
    this.closedError ??= new KafkaConnectionError('connection closed');
    this.socket.destroy();
  }

  private closedByPeerMessage(): string {
    const open = this.pending.size > 0 ? ' with a request unanswered' : '';
    if (this.responses === 0) return `connection closed by the broker${open} before any response: is this a TLS (SSL) or SASL listener? sgp oracle speaks PLAINTEXT without authentication`;
    return `connection closed by the broker${open} (a SASL listener closes a connection that sends requests before authenticating with SaslHandshake, which sgp oracle does not do)`;
  }

  private onData(chunk: Buffer): void {
    if (this.closedError) return;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    if (this.responses === 0 && looksLikeTls(this.buffer)) {
      const what = this.buffer[0] === 21 ? 'a TLS alert' : 'a TLS handshake';
      return this.abort(`the broker answered with ${what}: this is a TLS (SSL) listener, and sgp oracle speaks PLAINTEXT only`);
    }
    while (this.buffer.length >= 4) {
      const size = this.buffer.readInt32BE(0);
      // a response holds at least its correlation id (4 bytes); Kafka caps a frame at 100 MiB
      if (size < 4) return this.abort(`malformed response from the broker: a frame of ${size} bytes (a Kafka response has at least 4: its correlation id)`);
      if (size > MAX_RESPONSE_FRAME_BYTES) return this.abort(`malformed response from the broker: a frame of ${size} bytes, above the ${MAX_RESPONSE_FRAME_BYTES}-byte limit`);
      if (this.buffer.length < 4 + size) return;
      const frame = this.buffer.subarray(4, 4 + size);
      this.buffer = this.buffer.subarray(4 + size);
      this.responses++;
      const correlationId = frame.readInt32BE(0);
      const p = this.pending.get(correlationId);
      if (!p) continue;
      this.pending.delete(correlationId);
      clearTimeout(p.timer);
      p.resolve(new Uint8Array(frame));
    }
  }

  /** Ends the connection on a peer that does not speak Kafka's protocol; every waiting request fails with the reason. */
  private abort(reason: string): void {
    this.fail(new KafkaConnectionError(reason));
    this.buffer = Buffer.alloc(0);
    this.socket.destroy();
  }

  private fail(e: Error): void {
    this.closedError ??= e;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(e);
    }
    this.pending.clear();
  }
}

/** A response frame's body: response header v1 (with tagged fields) for flexible versions, except ApiVersions (always v0). */
function decodeResponse(bytes: Uint8Array, request: MessageSchema, response: MessageSchema, version: number, flexible: boolean): Record<string, unknown> {
  const r = new Reader(bytes);
  r.int32('header.correlationId');
  if (flexible && request.apiKey !== API_VERSIONS_KEY) {
    const n = r.uvarint('header._tagged', 'tagged-field count');
    for (let i = 0; i < n; i++) {
      r.uvarint('header._tagged', 'tag');
      r.take(r.uvarint('header._tagged', 'size'), 'header._tagged', 'tagged field');
    }
  }
  return decodeMessage(response, version, bytes.subarray(r.pos)).json;
}

// sgp oracle against a peer that is not a well-behaved Kafka broker (issue 22 item 5): a fake broker (node:net) that
// stays silent, sends garbage, a huge length prefix, a zero, negative or short frame, a TLS alert, or closes at once.
// Each ends in a KafkaConnectionError naming the reason within a bounded time, and the client's socket is closed (the
// fake broker sees its end), so the process can exit; through the CLI it is exit 2 with the reason.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { KafkaClient } from '../../src/cli/kafka/client.ts';
import { encodeMessage } from '../../src/core/wire/index.ts';
import { KAFKA_RPC } from '../../src/core/wire/schemas/kafka-4.4.generated.ts';
import { runScenario } from '../../src/core/scenario/runner.ts';
import { cli } from './harness.ts';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A fake broker that answers the first request with `reply` (or not at all); resolves `closed` when the client's socket ends. */
async function fakeBroker(reply: ((socket: Socket) => void) | null): Promise<{ port: number; closed: Promise<void> }> {
  let onClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (onClosed = resolve));
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.on('close', onClosed);
    socket.once('data', () => reply?.(socket));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, closed };
}

const frame = (size: number, body: number[] = []) => {
  const b = Buffer.alloc(4 + body.length);
  b.writeInt32BE(size, 0);
  Buffer.from(body).copy(b, 4);
  return b;
};

const CASES: { what: string; reply: ((s: Socket) => void) | null; reason: RegExp }[] = [
  { what: 'stays silent', reply: null, reason: /ApiVersionsRequest v3: no response within 300 ms/ },
  { what: 'sends a zero-size frame', reply: (s) => s.write(frame(0)), reason: /malformed response from the broker: a frame of 0 bytes/ },
  { what: 'sends a negative size', reply: (s) => s.write(frame(-5)), reason: /a frame of -5 bytes \(a Kafka response has at least 4/ },
  { what: 'sends a frame under 4 bytes', reply: (s) => s.write(frame(2, [0, 0])), reason: /a frame of 2 bytes/ },
  { what: 'sends a huge length prefix', reply: (s) => s.write(frame(0x7fffffff)), reason: /a frame of 2147483647 bytes, above the 104857600-byte limit/ },
  { what: 'sends garbage text', reply: (s) => s.write('HTTP/1.1 400 Bad Request\r\n\r\n'), reason: /malformed response from the broker: a frame of \d+ bytes, above/ },
  { what: 'sends a frame that is not an ApiVersions response', reply: (s) => s.write(frame(6, [0, 0, 0, 1, 0xff, 0xff])), reason: /malformed ApiVersionsResponse v3 from the broker/ },
  { what: 'answers with a TLS alert', reply: (s) => s.write(Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28])), reason: /TLS alert: this is a TLS \(SSL\) listener/ },
  { what: 'closes at once', reply: (s) => s.destroy(), reason: /closed by the broker with a request unanswered before any response: is this a TLS \(SSL\) or SASL listener/ },
];

describe('a bad peer ends the connection with the reason, and the socket is closed', () => {
  for (const c of CASES) {
    it(`a broker that ${c.what}`, async () => {
      const broker = await fakeBroker(c.reply);
      await expect(KafkaClient.connect('127.0.0.1', broker.port, 300)).rejects.toThrow(c.reason);
      // the client closed its socket: the fake broker sees the connection end
      await broker.closed;
    });
  }

  it('sgp oracle --bootstrap at a TLS listener exits 2 naming TLS', async () => {
    const broker = await fakeBroker((s) => s.write(Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28])));
    const scenario = readFileSync('static/examples/01-first-join.json', 'utf8');
    const r = await cli(['oracle', 'f.json', '--bootstrap', `127.0.0.1:${broker.port}`], { 'f.json': scenario }, runScenario);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sgp oracle: the broker answered with a TLS alert: this is a TLS \(SSL\) listener, and sgp oracle speaks PLAINTEXT only/);
    await broker.closed;
  });
});

/**
 * A peer that speaks enough Kafka to get a run going (ApiVersions, FindCoordinator naming itself, Metadata with a
 * one-partition __consumer_offsets), answers the run's ListOffsets with an error, and every other request with a frame
 * too short to be a response. Every connection the client opens is recorded with a promise of its end.
 */
async function halfBroker(): Promise<{ port: number; requests: string[]; ended: Promise<void>[] }> {
  const requests: string[] = [];
  const ended: Promise<void>[] = [];
  let port = 0;
  const respond = (socket: Socket, apiKey: number, version: number, correlationId: number) => {
    const id = Buffer.alloc(4);
    id.writeInt32BE(correlationId, 0);
    let body: Uint8Array | null = null;
    if (apiKey === 18) {
      // every API at versions 0..20, so the client finds whatever it looks for
      body = encodeMessage(KAFKA_RPC['ApiVersionsResponse@3']!, 3, { errorCode: 0, apiKeys: Array.from({ length: 100 }, (_, k) => ({ apiKey: k, minVersion: 0, maxVersion: 20 })) });
    } else if (apiKey === 10 && version === 4) {
      body = encodeMessage(KAFKA_RPC['FindCoordinatorResponse@4']!, 4, { coordinators: [{ key: 'g', nodeId: 1, host: '127.0.0.1', port, errorCode: 0, errorMessage: null }] });
    } else if (apiKey === 3 && version === 12) {
      const partition = { errorCode: 0, partitionIndex: 0, leaderId: 1, leaderEpoch: 0, replicaNodes: [1], isrNodes: [1], offlineReplicas: [] };
      body = encodeMessage(KAFKA_RPC['MetadataResponse@12']!, 12, {
        brokers: [{ nodeId: 1, host: '127.0.0.1', port, rack: null }],
        clusterId: 'fake',
        controllerId: 1,
        topics: [{ errorCode: 0, name: '__consumer_offsets', topicId: 'AAAAAAAAAAAAAAAAAAAAAQ', isInternal: true, partitions: [partition] }],
      });
    } else if (apiKey === 2 && version === 7) {
      // the run's first read of the log end: a well-formed answer with an error, so the client keeps its socket open
      // and only the run's own clean-up of its connections (executePlan's finally) can close it
      body = encodeMessage(KAFKA_RPC['ListOffsetsResponse@7']!, 7, { topics: [{ name: '__consumer_offsets', partitions: [{ partitionIndex: 0, errorCode: 3, timestamp: -1, offset: -1 }] }] });
    }
    if (body === null) return socket.write(frame(2, [0, 0]));
    // response header v0 for ApiVersions, v1 (an empty tagged-field section) for the flexible versions used here
    const header = apiKey === 18 ? id : Buffer.concat([id, Buffer.from([0])]);
    socket.write(Buffer.concat([frame(header.length + body.length), header, Buffer.from(body)]));
  };
  const server = createServer((socket) => {
    socket.on('error', () => {});
    ended.push(new Promise<void>((resolve) => socket.on('close', () => resolve())));
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 4 && buffer.length >= 4 + buffer.readInt32BE(0)) {
        const request = buffer.subarray(4, 4 + buffer.readInt32BE(0));
        buffer = buffer.subarray(4 + request.length);
        const [apiKey, version, correlationId] = [request.readInt16BE(0), request.readInt16BE(2), request.readInt32BE(4)];
        requests.push(`${apiKey}v${version}`);
        respond(socket, apiKey, version, correlationId);
      }
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  return { port, requests, ended };
}

describe('a peer that fails once the run has started', () => {
  it('sgp oracle --bootstrap exits 2 with the reason, and every connection it opened is closed (the run, its set-up and its clean-up)', async () => {
    const broker = await halfBroker();
    const scenario = readFileSync('static/examples/01-first-join.json', 'utf8');
    const r = await cli(['oracle', 'f.json', '--bootstrap', `127.0.0.1:${broker.port}`], { 'f.json': scenario }, runScenario);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sgp oracle: ListOffsets __consumer_offsets-0: error 3; and the clean-up left on the cluster: .*malformed response from the broker: a frame of 2 bytes/);
    // the run got past its set-up: its own connection read the log end (ListOffsets v7), and the clean-up connected
    expect(broker.requests).toContain('2v7');
    // the set-up's connection, the run's and the clean-up's: each one ends (a socket left open would keep sgp alive)
    expect(broker.ended.length).toBeGreaterThanOrEqual(3);
    await Promise.all(broker.ended);
  });
});

// sgp oracle against a peer that is not a well-behaved Kafka broker (issue 22 item 5): a fake broker (node:net) that
// stays silent, sends garbage, a huge length prefix, a zero, negative or short frame, a TLS alert, or closes at once.
// Each ends in a KafkaConnectionError naming the reason within a bounded time, and the client's socket is closed (the
// fake broker sees its end), so the process can exit; through the CLI it is exit 2 with the reason.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { KafkaClient } from '../../src/cli/kafka/client.ts';
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

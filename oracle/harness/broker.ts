// A real Apache Kafka 4.4.0 broker for the oracle: one combined broker+controller (KRaft) on 127.0.0.1 with free ports,
// a fresh temp log dir formatted by Kafka's own storage tool, streams groups enabled (streams.version=1 is the default
// feature level of metadata version 4.4-IV2). `restart()` stops it cleanly and starts it on the same log dir, so the
// group coordinator replays __consumer_offsets: a real failover. Every wait is bounded.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { oracleClasspath } from './maven.ts';
import { waitFor } from '../../src/cli/kafka/wait.ts';

/** Broker configs the oracle always sets, and why (each is also printed by `sgp oracle`). */
export const ORACLE_BROKER_CONFIGS: Record<string, string> = {
  // Eight __consumer_offsets partitions: each concurrent `sgp oracle` run on the broker gets one of its own
  // (src/cli/oracle/offsetsLease.ts), so a read answers from the run's own last committed write, as on an idle broker;
  // the live generated suite runs 6 at once.
  'offsets.topic.num.partitions': '8',
  'offsets.topic.replication.factor': '1',
  'transaction.state.log.replication.factor': '1',
  'transaction.state.log.min.isr': '1',
  // Lower bounds low enough for --time-scale to shrink a scenario's group timeouts through group configs.
  'group.streams.min.session.timeout.ms': '100',
  'group.streams.min.heartbeat.interval.ms': '10',
  'group.streams.min.task.offset.interval.ms': '10',
  // No offsets-retention sweep while the broker is up. Kafka runs it on the broker's own clock, every
  // offsets.retention.check.interval.ms (default 10 minutes) from the shard's load (GroupCoordinatorShard.
  // scheduleGroupMetadataExpiration), and it deletes every group that is empty with no offsets left
  // (GroupCoordinatorShard.cleanupGroupMetadata: Group.shouldExpire, GroupMetadataManager.maybeDeleteGroup): on a broker
  // up longer than 10 minutes it would write tombstones for a run's groups between two of its steps. The oracle refuses
  // every scenario whose own sweep writes records, so the broker's never has to: Integer.MAX_VALUE ms, about 24.8 days.
  'offsets.retention.check.interval.ms': '2147483647',
};

export interface BrokerOptions {
  /** Extra broker configs by Kafka's names (they override the oracle's). */
  configs?: Record<string, string>;
  /** Write the broker's request log (kafka.request.logger at DEBUG) to `requestLog` in the log dir. */
  requestLog?: boolean;
  heapMb?: number;
}

export interface Broker {
  readonly host: string;
  readonly port: number;
  readonly bootstrap: string;
  readonly dir: string;
  readonly logFile: string;
  readonly requestLogFile: string;
  readonly configs: Readonly<Record<string, string>>;
  /** Stops the broker cleanly (SIGTERM, then SIGKILL after 30 s) and starts it again on the same log dir. */
  restart(): Promise<void>;
  /** Stops the broker and deletes its temp dir. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

const LOG4J2 = (dir: string, requestLog: boolean): string => `Configuration:
  status: warn
  Appenders:
    File:
      - name: broker
        fileName: "${join(dir, 'broker.log')}"
        PatternLayout:
          pattern: "[%d] %p %m (%c)%n"
      - name: requests
        fileName: "${join(dir, 'request.log')}"
        PatternLayout:
          pattern: "[%d] %p %m (%c)%n"
  Loggers:
    Root:
      level: INFO
      AppenderRef:
        - ref: broker
    Logger:
      - name: kafka.request.logger
        level: ${requestLog ? 'DEBUG' : 'WARN'}
        additivity: false
        AppenderRef:
          - ref: requests
`;

function exited(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Formats a temp log dir and starts a broker; resolves once it accepts connections and its group coordinator is loaded. */
export async function startBroker(opts: BrokerOptions = {}): Promise<Broker> {
  const classpath = oracleClasspath();
  const dir = mkdtempSync(join(tmpdir(), 'sgp-kafka-'));
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  const [port, controllerPort] = [await freePort(), await freePort()];
  const configs: Record<string, string> = {
    'process.roles': 'broker,controller',
    'node.id': '1',
    'controller.quorum.voters': `1@127.0.0.1:${controllerPort}`,
    listeners: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
    'advertised.listeners': `PLAINTEXT://127.0.0.1:${port}`,
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'listener.security.protocol.map': 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
    'log.dirs': dataDir,
    ...ORACLE_BROKER_CONFIGS,
    ...opts.configs,
  };
  const propsFile = join(dir, 'server.properties');
  writeFileSync(
    propsFile,
    Object.entries(configs)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') + '\n',
  );
  writeFileSync(join(dir, 'log4j2.yaml'), LOG4J2(dir, opts.requestLog ?? false));
  // a test broker: start-up matters more than peak speed (C1 only, the serial collector on a 2-core machine)
  const jvm = [
    `-Xmx${opts.heapMb ?? 768}m`,
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    `-Dlog4j2.configurationFile=${join(dir, 'log4j2.yaml')}`,
    '-Djava.net.preferIPv4Stack=true',
    '-cp',
    classpath,
  ];
  // a cluster id as Kafka's Uuid.randomUuid() writes it (22 URL-safe base64 characters, never starting with '-')
  let clusterId = randomBytes(16).toString('base64url');
  while (clusterId.startsWith('-')) clusterId = randomBytes(16).toString('base64url');
  execFileSync('java', [...jvm, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', propsFile], { stdio: 'ignore', timeout: 60_000 });

  let child: ChildProcess | undefined;
  const launch = async (): Promise<void> => {
    const out = openSync(join(dir, 'stdout.log'), 'a');
    child = spawn('java', [...jvm, 'kafka.Kafka', propsFile], { stdio: ['ignore', out, out], detached: false });
    closeSync(out);
    const { coordinatorReady } = await import('./ready.ts');
    const proc = child;
    await waitFor(
      `Kafka broker on 127.0.0.1:${port} (log: ${join(dir, 'broker.log')})`,
      90_000,
      async () => {
        if (proc.exitCode !== null) throw new Error(`the broker exited with ${proc.exitCode}; see ${join(dir, 'broker.log')} and ${join(dir, 'stdout.log')}`);
        return (await coordinatorReady('127.0.0.1', port)) ? true : undefined;
      },
      { firstMs: 50, maxMs: 500 },
    );
  };
  const halt = async (): Promise<void> => {
    const proc = child;
    if (!proc) return;
    child = undefined;
    proc.kill('SIGTERM');
    if (!(await exited(proc, 30_000))) {
      proc.kill('SIGKILL');
      await exited(proc, 10_000);
    }
  };
  const cleanup = (): void => {
    child?.kill('SIGKILL');
  };
  process.once('exit', cleanup);
  await launch();
  return {
    host: '127.0.0.1',
    port,
    bootstrap: `127.0.0.1:${port}`,
    dir,
    logFile: join(dir, 'broker.log'),
    requestLogFile: join(dir, 'request.log'),
    configs,
    async restart() {
      await halt();
      await launch();
    },
    async stop() {
      await halt();
      process.removeListener('exit', cleanup);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

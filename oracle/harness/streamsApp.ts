// A real Kafka Streams 4.4.0 application (oracle/src/main/java/dev/sgp/oracle/streams/CountApp.java) run against the
// oracle's broker with the request logger on: three instances join one by one (scale-out); c is paused (SIGSTOP) past
// its session timeout and resumed (fenced, it rejoins); b shuts down cleanly (leave heartbeat); c is killed (SIGKILL:
// the session timeout fences it); a shuts down cleanly.
// The group's timeouts are scaled down through IncrementalAlterConfigs on the GROUP resource, so a run takes about
// half a minute. Every wait is bounded; every java process is the driver's own and is killed by its own handle.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, openSync, closeSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KafkaClient } from '../../src/cli/kafka/client.ts';
import { startBroker, type Broker } from './broker.ts';
import { oracleClasspath } from './maven.ts';

/** The driver's own requests carry this client id; its describe probes are removed from the trace it returns. */
export const HARNESS_CLIENT_ID = 'sgp-harness';
export const APP_CLASS = 'dev.sgp.oracle.streams.CountApp';
export const INPUT_TOPIC = 'words';
export const OUTPUT_TOPIC = 'word-counts';

export interface StreamsAppOptions {
  applicationId?: string;
  /** Partitions of the input and output topics (default 4). */
  partitions?: number;
  /** Group configs set on the GROUP resource before the first member joins (Kafka's group-level names). */
  groupConfigs?: Record<string, string>;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
}

/** The group configs a run uses by default: a 1 s heartbeat, a 4 s session, no initial-rebalance wait to speak of. */
export const DEFAULT_GROUP_CONFIGS: Record<string, string> = {
  'streams.heartbeat.interval.ms': '1000',
  'streams.session.timeout.ms': '4000',
  'streams.initial.rebalance.delay.ms': '500',
};

export interface StreamsAppEvent {
  /** Milliseconds since the first instance was started. */
  atMs: number;
  event: string;
}

export interface StreamsAppRun {
  applicationId: string;
  /** The broker's request log, with the driver's own StreamsGroupDescribe probes removed. */
  requestLog: string;
  /** Lines removed from the request log (the driver's probes). */
  removedLines: number;
  /** CountApp's Topology#describe() text. */
  describe: string;
  events: StreamsAppEvent[];
  /** Wall-clock ms when the first instance was started (events are relative to it). */
  startedAtMs: number;
  groupConfigs: Record<string, string>;
  brokerConfigs: Record<string, string>;
  partitions: number;
  elapsedMs: number;
}

interface Instance {
  name: string;
  child: ChildProcess;
  states: string[];
  exited: Promise<number | null>;
}

function javaArgs(classpath: string, ...args: string[]): string[] {
  return ['-Xmx256m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', '-Djava.net.preferIPv4Stack=true', '-cp', classpath, APP_CLASS, ...args];
}

/** CountApp's Topology#describe() text (no broker needed). */
export async function describeCountApp(classpath = oracleClasspath()): Promise<string> {
  const { stdout } = await promisify(execFile)('java', javaArgs(classpath, 'describe'), { encoding: 'utf8', timeout: 60_000 });
  return stdout;
}

async function until(what: string, timeoutMs: number, probe: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** The group as StreamsGroupDescribe sees it: state and member count. */
async function describeGroup(client: KafkaClient, groupId: string): Promise<{ state: string; members: number; epoch: number }> {
  const res = await client.streamsGroup('StreamsGroupDescribe', 0, { groupIds: [groupId], includeAuthorizedOperations: false }, HARNESS_CLIENT_ID);
  const g = (res.groups as Record<string, unknown>[])[0] ?? {};
  return { state: String(g.groupState ?? ''), members: Array.isArray(g.members) ? g.members.length : 0, epoch: Number(g.groupEpoch ?? -1) };
}

/** Runs the scenario of issue 10 (scale-out, clean shutdown, crash) and returns the broker's request log. */
export async function runStreamsApp(opts: StreamsAppOptions = {}): Promise<StreamsAppRun> {
  const log = opts.log ?? (() => {});
  const applicationId = opts.applicationId ?? 'word-count';
  const partitions = opts.partitions ?? 4;
  const groupConfigs = { ...DEFAULT_GROUP_CONFIGS, ...opts.groupConfigs };
  const classpath = oracleClasspath();
  // describe() in its own JVM while the broker starts
  const describing = describeCountApp(classpath);
  const broker: Broker = await startBroker({ requestLog: true });
  const describe = await describing.catch(async (e: unknown) => {
    await broker.stop();
    throw e;
  });
  const instances: Instance[] = [];
  const events: StreamsAppEvent[] = [];
  let t0 = 0;
  const note = (event: string): void => {
    const atMs = t0 === 0 ? 0 : Date.now() - t0;
    events.push({ atMs, event });
    log(`[${(atMs / 1000).toFixed(1)} s] ${event}`);
  };
  let client: KafkaClient | undefined;
  try {
    client = await KafkaClient.connect(broker.host, broker.port);
    const created = await client.createTopics([
      { name: INPUT_TOPIC, partitions },
      { name: OUTPUT_TOPIC, partitions },
    ]);
    const bad = created.find((c) => c.errorCode !== 0);
    if (bad) throw new Error(`CreateTopics ${bad.name}: error ${bad.errorCode} ${bad.errorMessage ?? ''}`);
    const alter = await client.alterGroupConfigs(applicationId, groupConfigs);
    if (alter.errorCode !== 0) throw new Error(`IncrementalAlterConfigs on group ${applicationId}: error ${alter.errorCode} ${alter.errorMessage ?? ''}`);
    const c = client;

    const start = (name: string): Instance => {
      const stateDir = join(broker.dir, `state-${name}`);
      mkdirSync(stateDir, { recursive: true });
      const err = openSync(join(broker.dir, `app-${name}.log`), 'a');
      const child = spawn('java', javaArgs(classpath, 'run', broker.bootstrap, applicationId, name, stateDir), { stdio: ['ignore', 'pipe', err] });
      closeSync(err);
      const inst: Instance = {
        name,
        child,
        states: [],
        exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
      };
      let buf = '';
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => {
        buf += chunk;
        for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
          const m = /^sgp-streams \S+ state (\S+) -> (\S+)$/.exec(buf.slice(0, i).trim());
          buf = buf.slice(i + 1);
          if (m) inst.states.push(m[2]!);
        }
      });
      instances.push(inst);
      if (t0 === 0) t0 = Date.now();
      note(`instance ${name} starts`);
      return inst;
    };
    const running = (inst: Instance) => inst.states.at(-1) === 'RUNNING';
    const stable = async (members: number, what: string): Promise<void> => {
      await until(`${what}: the group Stable with ${members} member(s)`, 60_000, async () => {
        const g = await describeGroup(c, applicationId);
        return g.state === 'Stable' && g.members === members;
      });
      note(`${what}: the group is Stable with ${members} member(s)`);
    };
    const stop = async (inst: Instance, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> => {
      note(signal === 'SIGTERM' ? `instance ${inst.name} shuts down cleanly (SIGTERM)` : `instance ${inst.name} is killed (SIGKILL)`);
      inst.child.kill(signal);
      const code = await Promise.race([inst.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 30_000))]);
      if (code === 'timeout') {
        inst.child.kill('SIGKILL');
        throw new Error(`instance ${inst.name} did not exit within 30 s of ${signal}`);
      }
    };

    const a = start('a');
    await until('instance a RUNNING', 90_000, () => running(a));
    await stable(1, 'a alone');
    const b = start('b');
    await stable(2, 'scale-out to 2');
    const cc = start('c');
    await stable(3, 'scale-out to 3');
    await until('b and c RUNNING', 30_000, () => running(b) && running(cc));
    // a long pause (SIGSTOP) past the session timeout: the coordinator fences c; once resumed, c hears UNKNOWN_MEMBER_ID
    note('instance c is paused (SIGSTOP)');
    cc.child.kill('SIGSTOP');
    await stable(2, "c's session timed out while paused");
    note('instance c resumes (SIGCONT)');
    cc.child.kill('SIGCONT');
    await stable(3, 'c rejoined');
    await until('c RUNNING', 30_000, () => running(cc));
    await stop(b, 'SIGTERM');
    await stable(2, 'b left');
    await stop(cc, 'SIGKILL');
    await stable(1, "c's session timed out");
    await until('a RUNNING', 30_000, () => running(a));
    await stop(a, 'SIGTERM');
    await until('the group empty', 30_000, async () => (await describeGroup(c, applicationId)).members === 0);
    note('the group is empty');
    const raw = readFileSync(broker.requestLogFile, 'utf8').split('\n');
    const probe = `"clientId":"${HARNESS_CLIENT_ID}"`;
    const kept = raw.filter((l) => !l.includes(probe));
    return {
      applicationId,
      requestLog: kept.join('\n'),
      removedLines: raw.length - kept.length,
      describe,
      events,
      startedAtMs: t0,
      groupConfigs,
      brokerConfigs: { ...broker.configs },
      partitions,
      elapsedMs: Date.now() - t0,
    };
  } finally {
    client?.close();
    for (const inst of instances) if (inst.child.exitCode === null && inst.child.signalCode === null) inst.child.kill('SIGKILL');
    await broker.stop();
  }
}

// Kafka's own group coordinator shard in one JVM (oracle/src/main/java/dev/sgp/oracle/shard/ShardRunner.java), built
// against the jars of the release asked for (4.4.0 by default; 4.1.2, 4.2.2, 4.3.2: oracle/harness/maven.ts), spoken to
// in JSON lines. One process serves many scenarios: each starts with a "reset". Startup is the JVM and the
// coordinator classes (about a second); every later scenario costs only its own operations.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ORACLE_KAFKA_VERSION, oracleClasspath } from './maven.ts';

export const SHARD_MAIN_CLASS = 'dev.sgp.oracle.shard.ShardRunner';

/** One JSON-lines exchange with the runner: what is sent (without the id) and what comes back. */
export type ShardOp = Record<string, unknown> & { op: string };
export type ShardReply = Record<string, unknown>;

export interface ShardProcess {
  /** The Kafka release whose jars this JVM runs (e.g. "4.2.2"). */
  readonly kafka: string;
  call(op: ShardOp): Promise<ShardReply>;
  close(): Promise<void>;
}

/**
 * Every object's identity hash code is the same constant (HotSpot's hashCode=2), so a hash set of objects without their
 * own hashCode iterates in insertion order, the same in every run and whatever ran before: Kafka 4.1.2's
 * StickyTaskAssignor keeps its Member objects (no hashCode) in HashSets and gives a tied task to the first least-loaded
 * one (findMemberWithLeastLoad); with the JVM's default identity hashes (a per-thread random sequence) that choice
 * depended on how many objects the JVM had hashed before, so a sequence's result depended on the ones run earlier.
 */
const IDENTITY_HASH_FLAGS = ['-XX:+UnlockExperimentalVMOptions', '-XX:hashCode=2'];

/**
 * Starts the runner on a Kafka release's jars (default 4.4.0), building the oracle module with Maven first if its jar
 * is missing or stale. Every "reset" answers the release the JVM runs; a different one than asked for is an error.
 */
export function startShardProcess(kafka: string = ORACLE_KAFKA_VERSION): ShardProcess {
  const child: ChildProcessWithoutNullStreams = spawn('java', ['-Xss4m', '-XX:+UseSerialGC', '-XX:TieredStopAtLevel=1', ...IDENTITY_HASH_FLAGS, '-cp', oracleClasspath(kafka), SHARD_MAIN_CLASS], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const pending = new Map<number, { resolve: (r: ShardReply) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let stderr = '';
  let exited: Error | null = null;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => {
    // keep the tail only: Kafka logs at WARN and above
    stderr = (stderr + d).slice(-8000);
  });
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    if (line.trim() === '') return;
    let reply: ShardReply;
    try {
      reply = JSON.parse(line) as ShardReply;
    } catch {
      return;
    }
    const id = reply.id as number;
    const p = pending.get(id);
    if (!p) return;
    pending.delete(id);
    if (typeof reply.error === 'string') p.reject(new Error(`shard engine: ${reply.error}`));
    else if (reply.kafka !== undefined && reply.kafka !== kafka) p.reject(new Error(`shard engine: asked for Kafka ${kafka}, the JVM runs Kafka ${String(reply.kafka)}`));
    else p.resolve(reply);
  });
  child.on('exit', (code, signal) => {
    exited = new Error(`the shard engine's JVM exited (${signal ?? code}): ${stderr.trim().split('\n').slice(-5).join(' | ')}`);
    for (const p of pending.values()) p.reject(exited);
    pending.clear();
  });
  child.on('error', (e) => {
    exited = e;
    for (const p of pending.values()) p.reject(e);
    pending.clear();
  });
  return {
    kafka,
    call(op) {
      if (exited) return Promise.reject(exited);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.stdin.write(`${JSON.stringify({ ...op, id })}\n`);
      });
    },
    close() {
      if (exited) return Promise.resolve();
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      });
    },
  };
}

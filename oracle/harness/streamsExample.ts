// The teaching example made from a real Kafka Streams application's request log (static/examples/22-…): the log
// imported as raw sends (`sgp import`, the coordinator's clock), each step expecting the errorCode and memberEpoch the
// broker logged, the driver's events (scale-out, pause, leave, crash) in the labels, and the provenance in the notes.
// Steps whose simulated response differs for a reason listed in oracle/accepted.md expect nothing, and say so.
import { parseLogLine } from '../../src/core/interop/logline.ts';
import type { Scenario, SendStep } from '../../src/core/scenario/types.ts';
import { replayRequestLog, scenarioConfig } from './replay.ts';
import type { StreamsAppEvent } from './streamsApp.ts';

export const EXAMPLE_FILE = '25-real-kafka-streams-app.json';
export const EXAMPLE_TITLE = 'A real Kafka Streams app: scale-out, pause, leave, crash';
export const EXAMPLE_SUMMARY = 'Real traffic from three Kafka Streams 4.4.0 instances, replayed: they join one by one, one is paused past its session, one leaves, one crashes.';

/** What the trace's run recorded besides the log (oracle/traces/word-count.run.json). */
export interface TraceRun {
  kafkaVersion: string;
  applicationId: string;
  partitions: number;
  groupConfigs: Record<string, string>;
  brokerConfigs: Record<string, string>;
  startedAtMs: number;
  events: StreamsAppEvent[];
  describe: string;
}

/** The lines of a broker request log that belong in a trace: the streams group RPCs of one group. */
export function streamsGroupLines(log: string, groupId: string): string {
  const group = `"groupId":${JSON.stringify(groupId)}`;
  const described = `"groupIds":[${JSON.stringify(groupId)}]`;
  return (
    log
      .split('\n')
      .filter((l) => /"requestApiKeyName":"STREAMS_GROUP_(HEARTBEAT|DESCRIBE)"/.test(l) && (l.includes(group) || l.includes(described)))
      .join('\n') + '\n'
  );
}

/** The scenario config of a run: its group configs under the broker's names, and the lowered lower bounds. */
export function runConfig(run: TraceRun): Record<string, number> {
  const out = scenarioConfig(run.groupConfigs);
  for (const k of ['group.streams.min.session.timeout.ms', 'group.streams.min.heartbeat.interval.ms']) if (run.brokerConfigs[k] !== undefined) out[k] = Number(run.brokerConfigs[k]);
  return out;
}

const fmtSeconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function buildExample(log: string, run: TraceRun): { scenario: Scenario; divergentSteps: number[] } {
  const replay = replayRequestLog(log, { config: runConfig(run), groupId: run.applicationId });
  const scenario = replay.scenario;
  const divergent = new Set(replay.divergent.map((r) => r.index));
  // the driver's events, each on the first request the coordinator handled after it (the scenario clock starts at the first request)
  const first = parseLogLine(log.split('\n')[firstSendLine(scenario) - 1] ?? '');
  const firstHandled = first.ok && first.handledAtMs !== null ? Math.round(first.handledAtMs) : null;
  // what the driver did (starts, pauses, shutdowns, kills); its observations of the group stay in the notes
  const pending = run.events.filter((e) => e.event.startsWith('instance '));
  let clock = 0;
  scenario.steps.forEach((step, i) => {
    if ('advance' in step) {
      clock += step.advance;
      return;
    }
    if (!('send' in step)) return;
    const s = step as SendStep;
    const at = firstHandled === null ? null : firstHandled + clock;
    const happened: string[] = [];
    while (at !== null && pending.length > 0 && run.startedAtMs + pending[0]!.atMs <= at) happened.push(pending.shift()!.event);
    const member = s.member ?? '?';
    const what = s.data.memberEpoch === 0 ? 'joins (epoch 0)' : s.data.memberEpoch === -1 ? 'leaves (epoch -1)' : `heartbeats (epoch ${String(s.data.memberEpoch)})`;
    const line = /\(line (\d+)\)/.exec(s.label ?? '')?.[1];
    s.label = `${happened.length > 0 ? `[${happened.join('; ')}] ` : ''}${member} ${what}${line ? ` · log line ${line}` : ''}`;
    if (divergent.has(i)) {
      delete s.expect;
      s.label += ' · the playground differs here (see the notes)';
    }
  });
  // the log has no records: the first join pins the records the playground writes (sgp oracle checks those against Kafka)
  const join = scenario.steps.findIndex((s) => 'send' in s);
  const joinStep = scenario.steps[join] as SendStep;
  joinStep.expect = { ...joinStep.expect, recordTypes: replay.trace.steps[join]!.records.map((r) => r.type) };

  const sends = scenario.steps.filter((s) => 'send' in s).length;
  const timeline = run.events.map((e) => `- ${fmtSeconds(e.atMs)}: ${e.event}`).join('\n');
  const configs = Object.entries(run.groupConfigs)
    .map(([k, v]) => `\`${k}=${v}\``)
    .join(', ');
  const divergentList = [...divergent]
    .sort((a, b) => a - b)
    .map((i) => `step ${i + 1}`)
    .join(', ');
  scenario.title = EXAMPLE_TITLE;
  scenario.notes = [
    `**Real Kafka Streams traffic, step by step.** Every request here was sent by a real Kafka Streams ${run.kafkaVersion} application to a real Apache Kafka ${run.kafkaVersion} broker; the playground replays them and answers each one itself. Each step expects the \`errorCode\` and \`memberEpoch\` the real broker answered.`,
    '',
    `**Provenance.** \`oracle/harness/streamsApp.ts\` starts Kafka ${run.kafkaVersion} (KRaft, one node, \`kafka.request.logger\` at DEBUG), creates the topic \`words\` (${run.partitions} partitions), sets the group configs ${configs} on the group (IncrementalAlterConfigs), and runs three instances of \`oracle/src/main/java/dev/sgp/oracle/streams/CountApp.java\` (kafka-streams ${run.kafkaVersion}, \`group.protocol=streams\`, one stream thread each; \`selectKey → groupByKey → count\`, so sub-topology 0 writes the repartition topic \`${run.applicationId}-counts-repartition\` and sub-topology 1 reads it and keeps the store \`counts\` with its changelog). The broker's request log (its streams group lines: \`oracle/traces/word-count.request.log\`) was imported with \`sgp import --timing advance --clock handled\`: requests in the order the coordinator handled them, the clock advanced by the real gaps. Rebuild it with \`npx tsx oracle/scripts/streams-example.ts\`.`,
    '',
    `**What happened** (seconds after instance a started; the labels show each event on the next request):`,
    timeline,
    '',
    `**Things to watch.** The join carries the whole topology and \`taskOffsets: []\`; the broker answers with status *initial rebalance delay* and *internal topics are missing*, then creates \`${run.applicationId}-counts-changelog\` and \`${run.applicationId}-counts-repartition\` itself. Every new assignment is acknowledged at once by a heartbeat with all three owned-task lists; a heartbeat with nothing new sends them as null. A scale-out first takes tasks from the owners (their epoch stays behind until they report the revocation). The paused instance's next heartbeat gets **UNKNOWN_MEMBER_ID** (its session expired); it rejoins with the *same* member id, epoch 0 and the offsets of the state it still has on disk. A clean shutdown is a heartbeat with epoch -1; the killed instance just stops, and its tasks move after the ${run.groupConfigs['streams.session.timeout.ms'] ?? ''} ms session timeout.`,
    '',
    `**Where the playground differs** (${divergentList || 'nowhere'}; these steps expect nothing): the real broker creates the missing internal topics asynchronously through the controller, and its coordinator saw them only a few heartbeats later; the playground's broker creates them at once, so its group is ready one assignment earlier and fences the next heartbeats' older epochs. See "Real Kafka Streams client" in \`oracle/accepted.md\`. The records pinned on the first join are the playground's own (a request log has no records).`,
    '',
    `${sends} requests; member ids are the real ones (UUIDs the clients made); members are named a, b, c in order of appearance.`,
  ].join('\n');
  return { scenario, divergentSteps: [...divergent].sort((a, b) => a - b) };
}

function firstSendLine(scenario: Scenario): number {
  const s = scenario.steps.find((x) => 'send' in x) as SendStep | undefined;
  return Number(/\(line (\d+)\)/.exec(s?.label ?? '')?.[1] ?? 1);
}

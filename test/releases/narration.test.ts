// The narration names the release where a release rule decides a step (issue 19: "in 4.2 the rejoin is allowed; 4.1
// fences it"): what the run's release did, then what the other releases do, read from the release data
// (src/core/releases/narrate.ts). One test per switch that decides an error, a fencing, an epoch bump or a delay.
// The switches that decide none (emptyStatusIsNull, endpointEpochAlwaysSent: a response field's form;
// clientSendsTaskOffsets: what the client sends; joinReplacesEndpoint: a stored endpoint) are not narrated.
import { describe, expect, it } from 'vitest';
import { type KafkaRelease } from '../../src/core/releases/index.ts';
import { releaseContrast } from '../../src/core/releases/narrate.ts';
import { releaseRules } from '../../src/core/releases/index.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ScenarioRunner } from '../../src/core/scenario/runner.ts';
import type { Trace } from '../../src/core/scenario/types.ts';

const TOPOLOGY = { epoch: 0, subtopologies: [{ subtopologyId: '0', sourceTopics: ['in'] }] };

function run(kafka: KafkaRelease, steps: unknown[], extra: Record<string, unknown> = {}): Trace {
  const r = parseScenario(JSON.stringify({ kafka, topics: [{ name: 'in', partitions: 2 }], topology: TOPOLOGY, clients: { a: { profile: 'java' }, b: { profile: 'java' } }, steps, ...extra }));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return new ScenarioRunner(r.scenario).run();
}
const noDelay = (kafka: KafkaRelease) => (kafka === '4.1' ? {} : { config: { 'group.streams.initial.rebalance.delay.ms': 0 } });
const said = (t: Trace, step: number) => t.steps[step]!.narration.join(' ');

describe('releaseContrast', () => {
  it('says what the run’s release does, then each other value with its releases', () => {
    expect(
      releaseContrast(
        releaseRules('4.2'),
        (r) => r.switches.fenceRejoinAtEpochZero,
        (f) => (f ? 'it is fenced' : 'it rejoins'),
      ),
    ).toBe('In Kafka 4.2 it rejoins; in 4.1 it is fenced.');
    expect(
      releaseContrast(
        releaseRules('4.1'),
        (r) => r.switches.endpointEpochBump,
        (v) => v,
      ),
    ).toBe('In Kafka 4.1 assignment-sent; in 4.2 and 4.3 assignment-with-endpoint; in 4.4 changed.');
  });
});

describe('the narration names the release where a release rule decides a step', () => {
  it('fenceRejoinAtEpochZero: 4.1 fences a known member rejoining at epoch 0, 4.2 on let it rejoin, and each says what the other does', () => {
    // (4.3 and 4.4 at once: without the assignment interval, as 4.1 and 4.2 have none)
    const rejoin = (kafka: KafkaRelease) =>
      run(
        kafka,
        [
          { client: 'a', do: 'join' },
          { client: 'b', do: 'join' },
          { client: 'a', do: 'heartbeat' },
          {
            send: 'StreamsGroupHeartbeat',
            member: 'a',
            data: { groupId: 'app', memberId: 'a', memberEpoch: 0, rebalanceTimeoutMs: 1000, topology: TOPOLOGY, activeTasks: [], standbyTasks: [], warmupTasks: [] },
          },
        ],
        kafka === '4.1' || kafka === '4.2' ? noDelay(kafka) : { config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.assignment.interval.ms': 0 } },
      );
    const t41 = rejoin('4.1');
    expect(t41.steps[3]!.errorName).toBe('FENCED_MEMBER_EPOCH');
    expect(said(t41, 3)).toMatch(
      /Member a rejoins with epoch 0 while it holds epoch \d+\. In Kafka 4\.1 such a rejoin is checked like any epoch and fenced \(FENCED_MEMBER_EPOCH\); in 4\.2, 4\.3 and 4\.4 a join with epoch 0 is never fenced: the member rejoins\. The coordinator answers FENCED_MEMBER_EPOCH/,
    );
    for (const k of ['4.2', '4.4'] as const) {
      expect(rejoin(k).steps[3]!.errorName).toBe('NONE');
      expect(said(rejoin(k), 3)).toContain(`In Kafka ${k} a join with epoch 0 is never fenced: the member rejoins; in 4.1 such a rejoin is checked like any epoch and fenced (FENCED_MEMBER_EPOCH).`);
    }
  });

  it('serviceRejectsLaterFeatures: 4.1–4.3 say that 4.4 takes a static member; a request every release refuses says nothing of releases', () => {
    const statics = run('4.3', [{ client: 'a', do: 'join' }], { clients: { a: { profile: 'java', instanceId: 'i-a' } } });
    expect(said(statics, 0)).toContain(
      'Static membership is not yet supported. In Kafka 4.3 the service layer refuses static members, task offsets and warm-up tasks (INVALID_REQUEST); in 4.4 the coordinator takes them.',
    );
    const blank = run('4.3', [
      { send: 'StreamsGroupHeartbeat', data: { groupId: 'app', memberId: ' ', memberEpoch: 0, rebalanceTimeoutMs: 1000, topology: TOPOLOGY, activeTasks: [], standbyTasks: [], warmupTasks: [] } },
    ]);
    expect(blank.steps[0]!.errorName).toBe('INVALID_REQUEST');
    expect(said(blank, 0)).not.toContain('In Kafka');
  });

  it("newGroupEpochs and firstBumpSkipsToTwo: an older release's new group says where it starts and where its first bump goes; 4.4 names no release", () => {
    expect(said(run('4.1', [{ client: 'a', do: 'join' }]), 0)).toContain(
      'In Kafka 4.1 a new group starts at epoch 0 and its first bump goes to 1; in 4.2 a new group starts at epoch 0 and its first bump goes to 2; in 4.3 and 4.4 a new group starts at epoch 1 and its first bump goes to 2.',
    );
    expect(said(run('4.2', [{ client: 'a', do: 'join' }], noDelay('4.2')), 0)).toContain('In Kafka 4.2 a new group starts at epoch 0 and its first bump goes to 2; in 4.1');
    expect(said(run('4.4', [{ client: 'a', do: 'join' }], noDelay('4.4')), 0)).not.toContain('In Kafka');
  });

  it('delayedTargetEpochAtLeastOne and the initial rebalance delay 4.1 lacks: the epoch a new group waits at, or no wait at all', () => {
    expect(said(run('4.2', [{ client: 'a', do: 'join' }]), 0)).toContain(
      "In Kafka 4.2 a new group's assignment epoch is 0 and its members wait at epoch 1 with no tasks for the initial rebalance delay; in 4.1 there is no initial rebalance delay: the first join is assigned at once; in 4.3 and 4.4 a new group's assignment epoch is 1 and its members wait at epoch 1 with no tasks for the initial rebalance delay.",
    );
    expect(said(run('4.1', [{ client: 'a', do: 'join' }]), 0)).toContain('In Kafka 4.1 there is no initial rebalance delay: the first join is assigned at once; in 4.2 a new group');
    expect(said(run('4.4', [{ client: 'a', do: 'join' }]), 0)).not.toContain('In Kafka');
  });

  it('endpointEpochBump: where the releases’ rules move the endpoint information epoch differently, an older release says so, each from its own start (4.1: -1)', () => {
    expect(said(run('4.1', [{ client: 'a', do: 'join' }]), 0)).toContain(
      'In Kafka 4.1 this response moves the endpoint information epoch to 0; in 4.2, 4.3 and 4.4 the endpoint information epoch stays 0.',
    );
    expect(said(run('4.3', [{ client: 'a', do: 'join' }], noDelay('4.3')), 0)).toContain(
      'In Kafka 4.3 the endpoint information epoch stays 0; in 4.1 this response moves the endpoint information epoch to 0.',
    );
  });

  it('joinConvertsEmptyClassicGroup: 4.1 answers GROUP_ID_NOT_FOUND and says 4.2 converts; 4.2 converts and says 4.1 does not', () => {
    const commit = { send: 'OffsetCommit', data: { groupId: 'app', generationIdOrMemberEpoch: -1, memberId: '', topics: [{ name: 'in', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] } };
    const t41 = run('4.1', [commit, { client: 'a', do: 'join' }]);
    expect(t41.steps[1]!.errorName).toBe('GROUP_ID_NOT_FOUND');
    expect(said(t41, 1)).toContain('In Kafka 4.1 a join into a classic group is GROUP_ID_NOT_FOUND; in 4.2, 4.3 and 4.4 a join converts an empty classic group into a streams group.');
    expect(said(run('4.2', [commit, { client: 'a', do: 'join' }], noDelay('4.2')), 1)).toContain(
      'In Kafka 4.2 a join converts an empty classic group into a streams group; in 4.1 a join into a classic group is GROUP_ID_NOT_FOUND.',
    );
  });

  it('noValidatedEpochOrAssignmentConfigs: an assignment config change that bumps the epoch in 4.2 says 4.1 would not', () => {
    const steps = [
      { client: 'a', do: 'join' },
      { client: 'a', do: 'heartbeat' },
      { send: 'IncrementalAlterConfigs', data: { resources: [{ resourceType: 32, resourceName: 'app', configs: [{ name: 'streams.num.standby.replicas', configOperation: 0, value: '1' }] }] } },
      { client: 'a', do: 'heartbeat' },
    ];
    const t = run('4.2', steps, noDelay('4.2'));
    expect(said(t, 3)).toContain(
      'The assignment configs changed: the group epoch is bumped. In Kafka 4.2 an assignment config change bumps the group epoch; in 4.1 the group keeps no last assignment configs, so a change bumps nothing.',
    );
    expect(said(run('4.4', steps, noDelay('4.4')), 3)).not.toContain('In Kafka');
  });

  it('offsetCommitNeedsExactEpoch: a commit at an older epoch is STALE_MEMBER_EPOCH in 4.1 and passes from 4.2, each saying what the other does', () => {
    const steps = [
      { client: 'a', do: 'join' },
      { client: 'b', do: 'join' },
      { client: 'a', do: 'heartbeat' },
      { client: 'a', do: 'heartbeat' },
    ];
    const commitAt = (kafka: KafkaRelease) => {
      const epoch = (run(kafka, steps, noDelay(kafka)).steps[3]!.response as { memberEpoch: number }).memberEpoch;
      const commit = {
        send: 'OffsetCommit',
        data: { groupId: 'app', memberId: 'a', generationIdOrMemberEpoch: epoch - 1, topics: [{ name: 'in', partitions: [{ partitionIndex: 0, committedOffset: 5 }] }] },
      };
      return { trace: run(kafka, [...steps, commit], noDelay(kafka)), epoch };
    };
    const c41 = commitAt('4.1');
    expect(c41.trace.steps[4]!.errorName).toBe('STALE_MEMBER_EPOCH');
    expect(said(c41.trace, 4)).toContain(
      `a commits at epoch ${c41.epoch - 1}, older than its member epoch ${c41.epoch}. In Kafka 4.1 a commit needs exactly the member epoch (STALE_MEMBER_EPOCH); in 4.2, 4.3 and 4.4 an older epoch passes for each partition whose task the member held since then.`,
    );
    const c42 = commitAt('4.2');
    expect(c42.trace.steps[4]!.errorName).toBe('NONE');
    expect(said(c42.trace, 4)).toContain(
      'In Kafka 4.2 an older epoch passes for each partition whose task the member held since then; in 4.1 a commit needs exactly the member epoch (STALE_MEMBER_EPOCH).',
    );
  });
  it('configuredTopologyClearsShutdownOfEmptyGroup: the first member joining after an unknown member asked for a shutdown hears that 4.1 forgets the request and 4.2–4.4 keep it', () => {
    const steps = [
      { client: 'a', do: 'join' },
      { client: 'a', do: 'leave' },
      { send: 'StreamsGroupHeartbeat', version: 0, member: 'a', data: { memberEpoch: -1, instanceId: null, shutdownApplication: true } },
      { client: 'a', do: 'join' },
    ];
    expect(said(run('4.1', steps), 3)).toContain('In Kafka 4.1 configuring the topology of a group with no members forgets its shutdown request; in 4.2, 4.3 and 4.4 the shutdown request stays');
    expect(said(run('4.4', steps, noDelay('4.4')), 3)).toContain('In Kafka 4.4 the shutdown request stays (only a group left with no members forgets it); in 4.1 configuring the topology');
  });

  it('fenceWritesZeroMetadataHash: a leave in 4.1 says its record carries metadata hash 0, and the bump after a reload names that hash, not a topic change; 4.2 says neither', () => {
    const steps = [{ client: 'a', do: 'join' }, { client: 'b', do: 'join' }, { client: 'b', do: 'leave' }, { failover: true }, { client: 'a', do: 'heartbeat' }];
    const t41 = run('4.1', steps);
    expect(said(t41, 2)).toContain(
      "In Kafka 4.1 the record carries metadata hash 0, which the group keeps until the hash is recomputed (a topic change or a reload), and that bumps the epoch; in 4.2, 4.3 and 4.4 the record keeps the group's metadata hash.",
    );
    expect(said(t41, 4)).toContain('The recomputed metadata hash differs from the stored one, 0 (Kafka 4.1 writes 0 when a member leaves or is fenced');
    const t42 = run('4.2', steps, noDelay('4.2'));
    expect(said(t42, 2)).not.toContain('metadata hash');
    expect(said(t42, 4)).not.toContain('metadata hash');
  });
});

// `sgp oracle --kafka`: which release a run uses, the live engines' refusal of any release but 4.4, and a scenario
// fitted to an older release (its configs and request versions) before it runs as one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOracleArgs, runOracle } from '../../src/cli/oracle/command.ts';
import { kafkaChoiceFor, parseKafkaChoice } from '../../src/cli/oracle/shard.ts';
import { fitForRelease } from '../../src/core/oracle/generate/release.ts';
import { newestRequestVersion } from '../../src/core/oracle/releaseVersions.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';

const root = join(import.meta.dirname, '../..');
const example = (name: string) => readFileSync(join(root, 'static/examples', name), 'utf8');

describe('sgp oracle --kafka', () => {
  it('reads a release line as its modelled patch, a patch as itself, and refuses anything else', () => {
    expect(parseKafkaChoice('4.2')).toEqual({ line: '4.2', version: '4.2.2' });
    expect(parseKafkaChoice('4.1')).toEqual({ line: '4.1', version: '4.1.2' });
    expect(parseKafkaChoice('4.2.0')).toEqual({ line: '4.2', version: '4.2.0' });
    expect(parseKafkaChoice('4.4')).toEqual({ line: '4.4', version: '4.4.0' });
    // no 4.4 patch after 4.4.0 has jars yet; 4.0 and 3.9 have no streams groups the playground models
    expect(parseKafkaChoice('4.4.1')).toBeNull();
    expect(parseKafkaChoice('4.0')).toBeNull();
    expect(parseKafkaChoice('latest')).toBeNull();
    expect(parseOracleArgs(['f.json', '--engine', 'shard', '--kafka', '4.2'])).toMatchObject({ shard: true, kafka: '4.2' });
    expect(parseOracleArgs(['f.json', '--engine', 'shard', '--kafka', '3.9'])).toMatch(/--kafka needs a modelled release: 4\.1, 4\.2, 4\.3, 4\.4/);
  });

  it("defaults to the scenario's own release", () => {
    const parsed = parseScenario(JSON.stringify({ ...JSON.parse(example('01-first-join.json')), kafka: '4.3' }));
    if (!parsed.ok) throw new Error(parsed.errors[0]!.message);
    expect(kafkaChoiceFor(parsed.scenario)).toEqual({ line: '4.3', version: '4.3.2' });
    expect(kafkaChoiceFor(parsed.scenario, '4.2.2')).toEqual({ line: '4.2', version: '4.2.2' });
  });

  it('refuses the live engines for a release other than 4.4, naming the shard engine', async () => {
    const parsed = parseScenario(example('01-first-join.json'));
    if (!parsed.ok) throw new Error(parsed.errors[0]!.message);
    const result = await runOracle('01-first-join.json', parsed.scenario, { bootstrap: { host: '127.0.0.1', port: 1 }, broker: false, json: false, kafka: '4.2' });
    expect(result.kafka.version).toBe('4.2.2');
    expect(result.refused).toEqual(['Kafka 4.2.2 runs on the shard engine only (--engine shard); the live broker engines (--engine broker, --bootstrap) run Kafka 4.4']);
  });
});

describe('a scenario fitted to an older release', () => {
  it('sends at most the versions the release reads, without the newer fields (kafka-clients *Request.json validVersions)', () => {
    expect(newestRequestVersion('4.1', 'StreamsGroupHeartbeat')).toBe(0);
    expect(newestRequestVersion('4.4', 'StreamsGroupHeartbeat')).toBe(1);
    expect(newestRequestVersion('4.3', 'DeleteGroups')).toBe(2);
    expect(newestRequestVersion('4.4', 'DeleteGroups')).toBe(3);
    expect(newestRequestVersion('4.2', 'OffsetCommit')).toBeUndefined();
    const doc = {
      config: { 'group.streams.initial.rebalance.delay.ms': 0, 'group.streams.session.timeout.ms': 45000 },
      steps: [
        { send: 'StreamsGroupDescribe', version: 1, data: { groupIds: ['g'], includeTopologyDescription: true } },
        { send: 'DeleteGroups', version: 3 },
        { send: 'OffsetCommit', version: 10 },
      ],
    };
    const fit = fitForRelease(doc, '4.1');
    expect(fit.kafka).toBe('4.1');
    expect(fit.steps).toEqual([
      { send: 'StreamsGroupDescribe', version: 0, data: { groupIds: ['g'] } },
      { send: 'DeleteGroups', version: 2 },
      { send: 'OffsetCommit', version: 10 },
    ]);
    // 4.1 has no initial rebalance delay: a generated scenario drops the config, an example only where it sets 4.1's own value
    expect(fit.config).toEqual({ 'group.streams.session.timeout.ms': 45000 });
    expect(fitForRelease({ ...doc, config: { 'group.streams.initial.rebalance.delay.ms': 3000 } }, '4.1', { configs: 'same' }).config).toEqual({
      'group.streams.initial.rebalance.delay.ms': 3000,
    });
    expect(fitForRelease(doc, '4.1', { configs: 'same' }).config).toEqual({ 'group.streams.session.timeout.ms': 45000 });
  });
});

// Every example and every scenario file under test/ (test/oracle/scenarios: regressions the random sequences found) runs on a real Kafka 4.4.0 broker and on the simulator; each
// agrees, or its differences and refusals are listed in oracle/accepted.md with their reasons.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBroker, type Broker } from '../../oracle/harness/broker.ts';
import { runOracle } from '../../src/cli/oracle/command.ts';
import { KafkaClient } from '../../src/cli/kafka/client.ts';
import { waitFor } from '../../src/cli/kafka/wait.ts';
import { parseScenario } from '../../src/core/scenario/parse.ts';
import { ACCEPTED_REFUSALS, unexplainedDiffs } from './accepted.ts';

const root = join(import.meta.dirname, '../..');
const files = [
  ...readdirSync(join(root, 'static/examples'))
    .filter((f) => f.endsWith('.json') && f !== 'index.json')
    .map((f) => `static/examples/${f}`),
  ...readdirSync(join(root, 'test/cli/scenarios')).map((f) => `test/cli/scenarios/${f}`),
  ...readdirSync(join(root, 'test/explore/fixtures')).map((f) => `test/explore/fixtures/${f}`),
  // regressions found by the random sequences (and shrunk), kept as scenario files
  ...readdirSync(join(root, 'test/oracle/scenarios')).map((f) => `test/oracle/scenarios/${f}`),
].sort();

let broker: Broker;
beforeAll(async () => {
  broker = await startBroker();
});
afterAll(async () => {
  await broker?.stop();
});

describe('examples and scenario files on Kafka 4.4.0', () => {
  for (const file of files) {
    it(file, async () => {
      const parsed = parseScenario(readFileSync(join(root, file), 'utf8'));
      if (!parsed.ok) {
        // a file that is not a valid scenario on purpose (the CLI's error tests) has nothing to run
        expect(file.startsWith('test/cli/scenarios/')).toBe(true);
        return;
      }
      const result = await runOracle(file, parsed.scenario, { bootstrap: null, broker: false, json: false }, { host: broker.host, port: broker.port, restart: () => broker.restart() });
      const name = file.split('/').pop()!;
      if (result.refused) {
        expect(ACCEPTED_REFUSALS, `${file} was refused (${result.refused.join('; ')}) but oracle/accepted.md does not list it`).toContain(name);
        return;
      }
      const unexplained = result.steps.flatMap((s) =>
        unexplainedDiffs(s).map((d) => `step ${s.index + 1} (${s.label}): ${d.path}: playground ${JSON.stringify(d.playground)}, Kafka ${JSON.stringify(d.kafka)}`),
      );
      expect(unexplained, `${file} differs from Kafka 4.4.0`).toEqual([]);
      expect(ACCEPTED_REFUSALS, `${file} now runs on Kafka: remove it from the refusals in oracle/accepted.md`).not.toContain(name);
    });
  }

  it('leaves no topic or group of its runs on the broker', async () => {
    const client = await KafkaClient.connect(broker.host, broker.port);
    try {
      // DeleteGroups is answered once the coordinator removed the groups: ListGroups no longer has them
      const listed = await client.raw('ListGroups', 5, { statesFilter: [], typesFilter: [] });
      expect((listed.groups as { groupId: string }[]).map((g) => g.groupId).filter((g) => g.includes('sgp-'))).toEqual([]);
      // DeleteTopics is answered once the controller committed the deletion; this broker's metadata cache has it when it
      // has replayed that record, so the Metadata answer is awaited (bounded), never assumed
      const left = await waitFor('the run topics gone from the metadata', 30_000, async () => {
        const topics = [...(await client.metadata(null)).keys()].filter((t) => t.startsWith('sgp-'));
        return topics.length === 0 ? topics : undefined;
      }).catch(async () => [...(await client.metadata(null)).keys()].filter((t) => t.startsWith('sgp-')));
      expect(left).toEqual([]);
    } finally {
      client.close();
    }
  });
});

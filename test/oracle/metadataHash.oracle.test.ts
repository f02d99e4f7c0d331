// The metadata hash vectors the unit tests use (test/topology/metadataHashVectors.json) are Kafka 4.4.0's own:
// MetadataHashRunner recomputes them with Kafka's Utils.computeTopicHash / computeGroupHash and hash4j's XXH3-64.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kafkaVectors, VECTORS_FILE } from '../../oracle/scripts/metadata-hash-vectors.ts';

describe('metadata hash vectors', () => {
  it("equal Kafka 4.4.0's hashes for the same inputs", () => {
    expect(JSON.parse(readFileSync(VECTORS_FILE, 'utf8'))).toEqual(kafkaVectors());
  }, 300_000);
});

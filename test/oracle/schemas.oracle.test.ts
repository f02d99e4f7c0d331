// The wire schemas generated from Kafka 4.4.0's jars (src/core/wire/schemas/kafka-4.4.generated.ts) still match
// what the jars declare: field order, wire types, nullability, tags and defaults.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('kafka-4.4.generated.ts matches the Kafka 4.4.0 jars', () => {
  const root = join(import.meta.dirname, '../..');
  const out = execFileSync('npx', ['tsx', 'oracle/scripts/gen-schemas.ts', '--check'], { cwd: root, encoding: 'utf8', timeout: 15 * 60_000 });
  expect(out).toContain('matches the Kafka 4.4.0 jars');
});

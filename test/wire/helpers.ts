// Helpers for the wire tests: tiny ad-hoc schemas and hex shorthands.
import { fromHex, toHex } from '../../src/core/wire/index.ts';
import type { FieldSpec, MessageSchema } from '../../src/core/wire/index.ts';

/** Bytes from hex text ("02 67 ..."). */
export const hx = (s: string): Uint8Array => fromHex(s);
/** Hex text of bytes, single-spaced. */
export const hex = (b: Uint8Array): string => toHex(b);

/** A one-off schema (versions 0-1; flexible from `flexibleVersions`, default "1+" so v0 shows the classic encodings). */
export function testSchema(fields: FieldSpec[], flexibleVersions = '1+', extra: Partial<MessageSchema> = {}): MessageSchema {
  return { name: 'TestMessage', apiKey: 1000, type: 'request', edition: 'ak4', validVersions: '0-1', flexibleVersions, fields, ...extra };
}

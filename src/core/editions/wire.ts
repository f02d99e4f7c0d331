// The registry of wire dialects: an edition's `wire` name -> its error numbering and message schemas. Pure data, apart
// from the editions' engines (src/core/editions/index.ts), so the codec and the error tables can reach it without an
// import cycle. The built-in dialects are registered first, in this order (the codec's default is the first that has
// a message kind).
import type { ErrorTable } from '../protocol/errorNumbers.ts';
import type { WireDialect } from '../wire/dialect.ts';
import type { MessageKind, MessageSchema } from '../wire/types.ts';
import { AK4_WIRE } from './ak4/wire.ts';
import { DRAFT_WIRE } from './kip1071-draft/wire.ts';

/** Each dialect's schemas, by dialect name (kept in step with the registry). */
export const SCHEMAS: Record<string, Readonly<Partial<Record<MessageKind, MessageSchema>>>> = {};
/** Each dialect's error table, by dialect name (kept in step with the registry). */
export const ERROR_CODES: Record<string, ErrorTable> = {};

/** Adds a wire dialect (an edition that renumbers errors or changes message schemas); a name is registered once. */
export function registerWireDialect(dialect: WireDialect): void {
  if (Object.hasOwn(SCHEMAS, dialect.name)) throw new Error(`wire dialect ${JSON.stringify(dialect.name)} is registered already`);
  SCHEMAS[dialect.name] = dialect.schemas;
  ERROR_CODES[dialect.name] = dialect.errors;
}

/** The registered dialects' names, in registration order. */
export function wireDialectNames(): string[] {
  return Object.keys(SCHEMAS);
}

registerWireDialect(AK4_WIRE);
registerWireDialect(DRAFT_WIRE);

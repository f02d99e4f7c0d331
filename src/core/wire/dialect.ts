// A wire dialect: what an edition puts on the wire, its error numbering and its message schemas. Each edition owns
// its dialect (src/core/editions/<name>/wire.ts); the dialect registry, src/core/editions/wire.ts, maps an edition's
// `wire` name to it for the codec (src/core/wire/) and the error tables (src/core/protocol/errors.ts).
import type { ErrorTable } from '../protocol/errorNumbers.ts';
import type { MessageKind, MessageSchema } from './types.ts';

export interface WireDialect {
  /** The name an edition's `wire` gives (and a schema's `edition` tag). */
  readonly name: string;
  /** Errors' codes in this dialect. */
  readonly errors: ErrorTable;
  /** The message schemas of this dialect, by kind. */
  readonly schemas: Readonly<Partial<Record<MessageKind, MessageSchema>>>;
}

// What the core uses of V8's Error API when it is there (src/core/protocol/errors.ts: no stack trace for an API error).
interface ErrorConstructor {
  stackTraceLimit: number;
}

// What a generated scenario may use, by the engine it is meant for.
//
// - "live": a real broker on a real clock (`sgp oracle --engine broker`). Timers stay far from the steps (the planner
//   refuses ties a real clock cannot reproduce), only group configs are set (the shared broker carries no scenario
//   broker configs), no initialLog, no load times, and only the main group runs streams members (the live harness
//   sets group configs for the scenario's group only).
// - "exact": an engine on the scenario's own clock (the in-process shard engine, the simulator alone): the whole
//   space, with `advance` and `run` landing on, just before and just after timer deadlines, initialLog, retention,
//   broker configs, failovers with load times and requests to the old coordinator.
export type GenerateMode = 'live' | 'exact';

// Scratch memory for one assignor run: typed arrays carved from a few large buffers that the next run reuses.
// An assignment needs some thirty arrays sized by members, processes and tasks; allocating each afresh costs more
// than the small shapes' whole assignment (each is an ArrayBuffer of its own, which the garbage collector tracks).
// Nothing of a run's result lives in an arena: the result is built as Maps and Sets.

const MIN_CHUNK = 4096;

class Pool<A extends Int32Array | Float64Array | Uint8Array> {
  private buffer: A;
  private used = 0;

  constructor(private readonly make: (n: number) => A) {
    this.buffer = make(MIN_CHUNK);
  }

  take(n: number): A {
    if (this.used + n > this.buffer.length) {
      // earlier views keep the old buffer alive until the run ends; the next run starts in the larger one
      this.buffer = this.make(Math.max(MIN_CHUNK, 2 * this.buffer.length, 2 * n));
      this.used = 0;
    }
    const view = this.buffer.subarray(this.used, this.used + n) as A;
    this.used += n;
    return view;
  }

  reset(): void {
    this.used = 0;
  }
}

export class Arena {
  private readonly i32s = new Pool((n) => new Int32Array(n));
  private readonly f64s = new Pool((n) => new Float64Array(n));
  private readonly u8s = new Pool((n) => new Uint8Array(n));

  /** A zero-filled (or `fill`-filled) Int32Array of length n, valid until the arena is reset. */
  int32(n: number, fill = 0): Int32Array {
    return this.i32s.take(n).fill(fill);
  }

  float64(n: number): Float64Array {
    return this.f64s.take(n).fill(0);
  }

  uint8(n: number): Uint8Array {
    return this.u8s.take(n).fill(0);
  }

  /** Frees every array taken so far: only once nothing refers to them any more. */
  reset(): void {
    this.i32s.reset();
    this.f64s.reset();
    this.u8s.reset();
  }
}

let shared: Arena | null = null;
let depth = 0;

/**
 * Runs `f` with an arena: the shared one, reset, unless a run is already using it (a re-entrant call, e.g. from a
 * warning callback), which gets a fresh one.
 */
export function withArena<T>(f: (arena: Arena) => T): T {
  const arena = depth === 0 ? (shared ??= new Arena()) : new Arena();
  if (depth === 0) arena.reset();
  depth++;
  try {
    return f(arena);
  } finally {
    depth--;
  }
}

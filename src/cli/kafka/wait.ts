// A bounded wait: asks `probe` with exponential backoff until it answers (not undefined) or the time is up.
export async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>, backoff = { firstMs: 20, maxMs: 250 }): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let i = 0; ; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, Math.min(backoff.firstMs * 2 ** i, backoff.maxMs)));
  }
}

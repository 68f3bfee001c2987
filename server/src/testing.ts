// Tests only: waits for something another connection or process makes true
// (a notification delivered, a server reconnected), polling.
export async function until(
  condition: () => boolean,
  { timeoutMs = 10_000, everyMs = 5 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condizione non raggiunta in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

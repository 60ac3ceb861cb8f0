/**
 * Reads until `done` holds, every 50 ms, for at most `timeoutMs`; then fails with the last value
 * read (bigints as digits). For what a test can only observe by asking again.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `condition not met in time; last value ${JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? String(item) : item))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

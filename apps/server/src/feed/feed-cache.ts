/**
 * A small in-process cache of rows that the change feed reports on (session status, API keys),
 * so the hottest reads skip the database while nothing changed. Entries are grouped (a session,
 * an integration): a change drops the whole group. Correctness rests on three rules:
 * - while the feed is not listening, nothing is cached or served from the cache;
 * - a value read while any invalidation happened is returned but not kept (it may predate it);
 * - every entry also expires after `ttlMs`, in case a change reached the rows without the feed.
 */
export class FeedCache<Value> {
  private readonly entries = new Map<string, { value: Value; group: string; expiresAt: number }>();
  private readonly groups = new Map<string, Set<string>>();
  /** Bumped by every invalidation; a load that saw it change does not store its result. */
  private generation = 0;

  constructor(
    private readonly options: {
      ttlMs: number;
      maxEntries: number;
      /** True while the change feed is connected and listening. */
      isListening(): boolean;
      now?: () => number;
    },
  ) {}

  /** The cached value of `key`, else `load()`'s (kept when the rules above allow it). */
  async get(key: string, load: () => Promise<{ value: Value; group: string } | undefined>): Promise<Value | undefined> {
    const now = (this.options.now ?? Date.now)();
    const listening = this.options.isListening();
    const entry = this.entries.get(key);
    if (entry && listening && entry.expiresAt > now) return entry.value;
    if (entry) this.remove(key);
    const generation = this.generation;
    const loaded = await load();
    if (loaded && listening && generation === this.generation && this.options.isListening()) {
      this.store(key, loaded.value, loaded.group, now + this.options.ttlMs);
    }
    return loaded?.value;
  }

  invalidateGroup(group: string): void {
    this.generation += 1;
    const keys = this.groups.get(group);
    if (!keys) return;
    for (const key of [...keys]) this.remove(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.groups.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: Value, group: string, expiresAt: number): void {
    this.remove(key);
    if (this.entries.size >= this.options.maxEntries) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    this.entries.set(key, { value, group, expiresAt });
    const keys = this.groups.get(group) ?? new Set<string>();
    keys.add(key);
    this.groups.set(group, keys);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.groups.get(entry.group);
    keys?.delete(key);
    if (keys?.size === 0) this.groups.delete(entry.group);
  }
}

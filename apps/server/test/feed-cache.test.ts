import { describe, expect, it } from 'vitest';
import { FeedCache } from '../src/feed/feed-cache.js';

function cacheWith(options: { listening?: () => boolean; now?: () => number; maxEntries?: number } = {}) {
  let loads = 0;
  const cache = new FeedCache<string>({
    ttlMs: 1_000,
    maxEntries: options.maxEntries ?? 100,
    isListening: options.listening ?? (() => true),
    now: options.now,
  });
  const read = (key: string, value = `${key}@${loads}`, group = key) =>
    cache.get(key, async () => {
      loads += 1;
      return { value, group };
    });
  return { cache, read, loads: () => loads };
}

describe('FeedCache', () => {
  it('loads once and serves the kept value until its group changes', async () => {
    const { cache, read, loads } = cacheWith();
    expect(await read('a', 'first')).toBe('first');
    expect(await read('a', 'second')).toBe('first');
    expect(loads()).toBe(1);
    cache.invalidateGroup('a');
    expect(await read('a', 'third')).toBe('third');
  });

  it('drops every key of a group together', async () => {
    const { cache, read } = cacheWith();
    await read('key-1', 'one', 'integration');
    await read('key-2', 'two', 'integration');
    await read('other', 'three', 'elsewhere');
    cache.invalidateGroup('integration');
    expect(cache.size).toBe(1);
    expect(await read('key-1', 'fresh', 'integration')).toBe('fresh');
  });

  it('does not keep a value loaded while a change was announced (it may predate the change)', async () => {
    const cache = new FeedCache<string>({ ttlMs: 1_000, maxEntries: 10, isListening: () => true });
    let finishLoad!: (value: { value: string; group: string }) => void;
    const slow = cache.get('a', () => new Promise((resolve) => (finishLoad = resolve)));
    cache.invalidateGroup('a');
    finishLoad({ value: 'before the change', group: 'a' });
    expect(await slow).toBe('before the change');
    expect(cache.size).toBe(0);
    expect(await cache.get('a', async () => ({ value: 'after', group: 'a' }))).toBe('after');
  });

  it('neither keeps nor serves values while the feed is not listening', async () => {
    let listening = true;
    const { cache, read } = cacheWith({ listening: () => listening });
    await read('a', 'kept');
    listening = false;
    expect(await read('a', 'from the database')).toBe('from the database');
    expect(cache.size).toBe(0);
    listening = true;
    expect(await read('a', 'kept again')).toBe('kept again');
    expect(await read('a', 'not read')).toBe('kept again');
  });

  it('lets values expire after their lifetime', async () => {
    let now = 0;
    const { read } = cacheWith({ now: () => now });
    await read('a', 'old');
    now = 999;
    expect(await read('a', 'new')).toBe('old');
    now = 1_000;
    expect(await read('a', 'new')).toBe('new');
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const { cache, read } = cacheWith({ maxEntries: 2 });
    await read('a', 'A');
    await read('b', 'B');
    await read('c', 'C');
    expect(cache.size).toBe(2);
    expect(await read('b', 'not read')).toBe('B');
    expect(await read('a', 'A again')).toBe('A again');
  });

  it('keeps nothing for a key that is not found', async () => {
    const cache = new FeedCache<string>({ ttlMs: 1_000, maxEntries: 10, isListening: () => true });
    expect(await cache.get('missing', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});

/** The items of each key, in the keys' order (what a DataLoader batch must return). */
export function groupBy<T>(keys: readonly string[], items: T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>(keys.map((key) => [key, []]));
  for (const item of items) groups.get(keyOf(item))?.push(item);
  return keys.map((key) => groups.get(key) ?? []);
}

import { readFile } from 'node:fs/promises';
import { SESSION_STATUSES, SESSION_TRANSITIONS } from '@paysplit/domain';
import { describe, expect, it } from 'vitest';

describe('docs/lifecycle.md', () => {
  it('draws exactly the transitions the domain allows', async () => {
    const doc = await readFile(new URL('../../../docs/lifecycle.md', import.meta.url), 'utf8');
    const diagram = /```mermaid\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const drawn = new Set(
      [...diagram.matchAll(/^\s*(\w+) --> (\w+)/gm)]
        .filter(([, from, to]) => from !== '[*]' && to !== '[*]')
        .map(([, from, to]) => `${from} -> ${to}`),
    );
    const allowed = new Set(SESSION_STATUSES.flatMap((from) => SESSION_TRANSITIONS[from].map((to) => `${from} -> ${to}`)));
    expect([...drawn].sort()).toEqual([...allowed].sort());
  });
});

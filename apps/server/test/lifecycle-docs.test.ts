import { readFile } from 'node:fs/promises';
import { SESSION_STATUSES, SESSION_TRANSITIONS } from '@paysplit/domain';
import { describe, expect, it } from 'vitest';

/** The moves one mermaid diagram draws, as `from -> to`. */
function movesOf(diagram: string): Set<string> {
  return new Set(
    [...diagram.matchAll(/^\s*(\w+) --> (\w+)/gm)]
      .filter(([, from, to]) => from !== '[*]' && to !== '[*]')
      .map(([, from, to]) => `${from} -> ${to}`),
  );
}

describe('docs/lifecycle.md', () => {
  it('draws exactly the transitions the domain allows, capturing only for captureMethod manual', async () => {
    const doc = await readFile(new URL('../../../docs/lifecycle.md', import.meta.url), 'utf8');
    const [automatic, manual, ...more] = [...doc.matchAll(/```mermaid\n([\s\S]*?)```/g)].map(([, diagram]) => movesOf(diagram!));
    expect(more).toEqual([]);
    const drawn = new Set([...automatic!, ...manual!]);
    const allowed = new Set(SESSION_STATUSES.flatMap((from) => SESSION_TRANSITIONS[from].map((to) => `${from} -> ${to}`)));
    expect([...drawn].sort()).toEqual([...allowed].sort());
    // An automatic session never holds money: nothing of capturing, nor a share reopened.
    expect([...automatic!].filter((move) => move.includes('capturing') || move === 'partially_paid -> open')).toEqual([]);
    // A manual session completes only from capturing.
    expect([...manual!].filter((move) => move.endsWith('-> completed'))).toEqual(['capturing -> completed']);
  });
});

import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { OperationCostCache } from '../src/graphql/operation-cost-cache.js';

const PAGE = parse(`query Page($first: Int, $after: String, $withEvents: Boolean!, $id: ID!) {
  sessions(first: $first, after: $after) { edges { node { id events @include(if: $withEvents) { id } } } }
  session(id: $id) { id }
}`);

describe('OperationCostCache', () => {
  it('remembers a cost for the same document whatever the values of variables that cannot change it', () => {
    const cache = new OperationCostCache();
    cache.set(PAGE, 'Page', { first: 10, after: 'a', withEvents: false, id: 'one' }, 120);
    expect(cache.get(PAGE, 'Page', { first: 10, after: 'b', withEvents: false, id: 'two' })).toBe(120);
  });

  it('keeps apart page sizes, @include flags, and variables sent as null or left out', () => {
    const cache = new OperationCostCache();
    cache.set(PAGE, 'Page', { first: 10, after: 'a', withEvents: false, id: 'one' }, 120);
    expect(cache.get(PAGE, 'Page', { first: 100, after: 'a', withEvents: false, id: 'one' })).toBeUndefined();
    expect(cache.get(PAGE, 'Page', { first: 10, after: 'a', withEvents: true, id: 'one' })).toBeUndefined();
    expect(cache.get(PAGE, 'Page', { first: 10, after: null, withEvents: false, id: 'one' })).toBeUndefined();
    expect(cache.get(PAGE, 'Page', { first: 10, withEvents: false, id: 'one' })).toBeUndefined();
    expect(cache.get(parse('query Page($id: ID!) { session(id: $id) { id } }'), 'Page', { id: 'one' })).toBeUndefined();
  });

  it('stops remembering new variants of one document past a bound', () => {
    const cache = new OperationCostCache();
    for (let first = 1; first <= 100; first += 1) cache.set(PAGE, 'Page', { first, withEvents: false, id: 'x' }, first);
    expect(cache.get(PAGE, 'Page', { first: 1, withEvents: false, id: 'x' })).toBe(1);
    expect(cache.get(PAGE, 'Page', { first: 100, withEvents: false, id: 'x' })).toBeUndefined();
  });
});

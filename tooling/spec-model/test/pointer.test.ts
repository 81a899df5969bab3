// JSON pointers (RFC 6901) are read in one place, spec-model/query, by every
// package (the client and the mock bundle it): these are the cases a copy
// gets wrong, above all the order of the two unescapes.
import { describe, expect, it } from 'vitest';
import { escapePointer, pointerKeys, unescapePointer, valueAt } from '../src/query.js';

describe('JSON pointers', () => {
  it('unescapes ~1 before ~0, so an escaped tilde followed by 1 stays a tilde', () => {
    expect(unescapePointer('~01')).toBe('~1');
    expect(unescapePointer('~10')).toBe('/0');
    expect(unescapePointer('a~1b~0c')).toBe('a/b~c');
    expect(unescapePointer('~0~1')).toBe('~/');
  });

  it('undoes escapePointer for any key', () => {
    for (const key of ['', '~', '/', '~1', '~01', 'a/b~c', '~~//', 'application/json'])
      expect(unescapePointer(escapePointer(key))).toBe(key);
  });

  it('splits a pointer or a URI fragment into its keys, none for the whole document', () => {
    expect(pointerKeys('')).toEqual([]);
    expect(pointerKeys('#')).toEqual([]);
    expect(pointerKeys('/')).toEqual(['']);
    expect(pointerKeys('/data/0/id')).toEqual(['data', '0', 'id']);
    expect(pointerKeys('#/paths/~1websites~1{id}/get')).toEqual(['paths', '/websites/{id}', 'get']);
  });

  it('reads the value a pointer names, own keys only', () => {
    const document = { 'a/b': { '~1': [10, 20] }, list: [{ id: 7 }] };
    expect(valueAt(document, '/a~1b/~01/1')).toBe(20);
    expect(valueAt(document, '#/list/0/id')).toBe(7);
    expect(valueAt(document, '')).toBe(document);
    expect(valueAt(document, '/constructor')).toBeUndefined();
    expect(valueAt(document, '/list/0/id/deeper')).toBeUndefined();
  });
});

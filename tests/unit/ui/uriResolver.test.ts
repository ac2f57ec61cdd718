// The build's stand-in for fast-uri inside @rjsf/utils (src/ui/vendor/uriResolver.ts) answers as
// fast-uri does for the URIs a JSON Schema `$id`/`$ref` pair can hold.
import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import uriResolver from '../../../src/ui/vendor/uriResolver';

const resolveCases: [string, string][] = [
  ['v_driver__eligibility', '#/definitions/a'],
  ['v_driver__eligibility', '#'],
  ['http://x.com/a/b.json', '#/defs/c'],
  ['http://x.com/a/b.json', 'c.json'],
  ['http://x.com/a/b.json', '/c.json'],
  ['http://x.com/a/b.json', '../c.json#/x'],
  ['https://EXAMPLE.com/a', 'other.json'],
  ['a/b.json', 'c.json'],
  ['a/b.json', '/c.json'],
  ['a/b.json#/x', '#/y'],
  ['urn:x:y', '#/a'],
];

const equalCases: [string, string][] = [
  ['v_a', 'v_a'],
  ['v_a', 'v_b'],
  ['http://X.com/a#', 'http://x.com/a'],
  ['a#', 'a'],
  ['http://x.com/a%7E', 'http://x.com/a~'],
  ['http://x.com/a%2f', 'http://x.com/a%2F'],
];

describe('uriResolver stand-in', () => {
  it.each(resolveCases)('resolves %s against %s as fast-uri does', (base, ref) => {
    expect(uriResolver.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it.each(equalCases)('compares %s and %s as fast-uri does', (a, b) => {
    expect(uriResolver.equal(a, b)).toBe(fastUri.equal(a, b));
  });
});

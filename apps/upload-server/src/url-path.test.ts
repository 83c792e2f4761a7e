import { describe, expect, it } from 'vitest';
import { fileUrl, normaliseUrlPath } from './url-path';

describe('normaliseUrlPath', () => {
  it.each([
    ['ACME/ACME/MATERIALS/logo.psd', 'ACME/ACME/MATERIALS/logo.psd'],
    ['ACME//x/', 'ACME/x'],
    ['a b/"quoted"/é.png', 'a_b/_quoted_/_.png'],
    ['a%20b/c', 'a_b/c'],
    ['dir\\file.txt', 'dir/file.txt'],
  ])('normalises %j to %j', (raw, expected) => {
    expect(normaliseUrlPath(raw)).toBe(expected);
  });

  it.each(['', '   ', '..', 'a/../b', 'a/%2E%2E/b', '/abs', '\\abs', 'C:/x', 'a%00b', `a/${'x'.repeat(2048)}`, '%E0%A4%A'])(
    'refuses %j with a 400',
    (raw) => {
      expect(() => normaliseUrlPath(raw)).toThrow(expect.objectContaining({ statusCode: 400 }));
    },
  );

  it('builds an encoded url', () => {
    expect(fileUrl('http://h:1', 'a/b(1).png')).toBe('http://h:1/files/a/b(1).png');
  });
});

import { describe, expect, it } from 'vitest';
import { fieldChanges } from '../../src/client/admin/diff/changes';

describe('fieldChanges', () => {
  it('names only the fields that differ, nested ones by their path', () => {
    const before = { withdrawMax: 50_000, qr: { KBANK: { minimum: 20, presets: [100, 300] } }, name: { th: 'ก', la: 'ກ', en: 'a' } };
    const after = { withdrawMax: 45_000, qr: { KBANK: { minimum: 20, presets: [100, 500] } }, name: { th: 'ก', la: 'ກ', en: 'b' } };
    expect(fieldChanges(before, after)).toEqual([
      { path: 'withdrawMax', before: 50_000, after: 45_000 },
      { path: 'qr.KBANK.presets[1]', before: 300, after: 500 },
      { path: 'name.en', before: 'a', after: 'b' },
    ]);
  });

  it('shows a new item as every field it sets, and a removed array item as gone', () => {
    expect(fieldChanges(null, { code: 'NEW', percent: 10 })).toEqual([
      { path: 'code', before: undefined, after: 'NEW' },
      { path: 'percent', before: undefined, after: 10 },
    ]);
    expect(fieldChanges({ list: [1, 2] }, { list: [1] })).toEqual([{ path: 'list[1]', before: 2, after: undefined }]);
  });

  it('finds nothing when the values are the same', () => {
    expect(fieldChanges({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });
});

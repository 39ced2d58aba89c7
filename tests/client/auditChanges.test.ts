import { describe, expect, it } from 'vitest';
import { changes, isInstant, isLong, isPerLanguage, looksLikeHtml, shorten } from '../../src/client/admin/diff/changes';

describe('changes: the readable difference of two JSON values', () => {
  it('keeps only what changed, with its path, old and new', () => {
    expect(changes({ active: true, reason: null, limit: 5 }, { active: false, reason: 'upgrade', limit: 5 })).toEqual([
      { path: 'active', kind: 'changed', before: true, after: false },
      { path: 'reason', kind: 'changed', before: null, after: 'upgrade' },
    ]);
    expect(changes({ a: 1 }, { a: 1 })).toEqual([]);
    expect(changes(null, null)).toEqual([]);
  });

  it('flattens nested objects and arrays to paths; additions and removals', () => {
    const before = { limits: { BAHT: { min: 100, max: 50_000 } }, presets: [100, 300, 500], old: 'x' };
    const after = { limits: { BAHT: { min: 100, max: 30_000 }, LAK: { min: 10_000 } }, presets: [100, 500] };
    expect(changes(before, after)).toEqual([
      { path: 'limits.BAHT.max', kind: 'changed', before: 50_000, after: 30_000 },
      { path: 'limits.LAK.min', kind: 'added', before: undefined, after: 10_000 },
      { path: 'presets[1]', kind: 'changed', before: 300, after: 500 },
      { path: 'presets[2]', kind: 'removed', before: 500, after: undefined },
      { path: 'old', kind: 'removed', before: 'x', after: undefined },
    ]);
  });

  it('matches records in a list by their id or code, so an insertion is one addition', () => {
    const before = { slices: [{ code: 'A', weight: 5 }, { code: 'B', weight: 3 }] };
    const after = { slices: [{ code: 'N', weight: 1 }, { code: 'A', weight: 5 }, { code: 'B', weight: 4 }] };
    expect(changes(before, after)).toEqual([
      { path: 'slices[code=N].code', kind: 'added', before: undefined, after: 'N' },
      { path: 'slices[code=N].weight', kind: 'added', before: undefined, after: 1 },
      { path: 'slices[code=B].weight', kind: 'changed', before: 3, after: 4 },
    ]);
    // Without a distinct id the position is the path.
    expect(changes([{ n: 1 }, { n: 1 }], [{ n: 1 }, { n: 2 }])).toEqual([{ path: '[1].n', kind: 'changed', before: 1, after: 2 }]);
  });

  it('gives a text per language one change per language, marked with it', () => {
    const before = { title: { th: 'โบนัส', la: 'ໂບນັດ', en: 'Bonus' } };
    const after = { title: { th: 'โบนัสใหม่', la: 'ໂບນັດ', en: 'New bonus' } };
    expect(changes(before, after)).toEqual([
      { path: 'title', language: 'th', kind: 'changed', before: 'โบนัส', after: 'โบนัสใหม่' },
      { path: 'title', language: 'en', kind: 'changed', before: 'Bonus', after: 'New bonus' },
    ]);
    expect(changes(null, { message: { th: 'ปิด', la: '', en: 'Closed' } })).toEqual([
      { path: 'message', language: 'th', kind: 'added', before: undefined, after: 'ปิด' },
      { path: 'message', language: 'la', kind: 'added', before: undefined, after: '' },
      { path: 'message', language: 'en', kind: 'added', before: undefined, after: 'Closed' },
    ]);
    expect(isPerLanguage({ th: 'a', en: 'b' })).toBe(true);
    expect(isPerLanguage({ th: 'a', BAHT: 1 })).toBe(false);
    expect(isPerLanguage({})).toBe(false);
  });

  it('treats a null beside a record as nothing (created, deleted), and a plain value as the path ""', () => {
    expect(changes(null, { active: true })).toEqual([{ path: 'active', kind: 'added', before: undefined, after: true }]);
    expect(changes({ id: 3, status: 'locked' }, null)).toEqual([
      { path: 'id', kind: 'removed', before: 3, after: undefined },
      { path: 'status', kind: 'removed', before: 'locked', after: undefined },
    ]);
    expect(changes({ message: null }, { message: { th: 'x' } })).toEqual([{ path: 'message', language: 'th', kind: 'added', before: undefined, after: 'x' }]);
    expect(changes(false, true)).toEqual([{ path: '', kind: 'changed', before: false, after: true }]);
    expect(changes({ 'odd key': 1 }, { 'odd key': 2 })).toEqual([{ path: '["odd key"]', kind: 'changed', before: 1, after: 2 }]);
  });

  it('shortens long text and html, and says so', () => {
    const html = `<p>${'Deposit bonus '.repeat(20)}</p>\n<script>alert(1)</script>`;
    expect(isLong(html)).toBe(true);
    expect(isLong('short')).toBe(false);
    expect(isLong('two\nlines')).toBe(true);
    expect(looksLikeHtml(html)).toBe(true);
    expect(looksLikeHtml('1 < 2 and 3 > 2')).toBe(false);
    const short = shorten(html);
    expect(short.length).toBe(120);
    expect(short.endsWith('…')).toBe(true);
    expect(shorten('a  b\n c')).toBe('a b c');
  });

  it('knows an ISO instant (shown as a local time) from other text', () => {
    expect(isInstant('2026-11-26T08:46:21.000Z')).toBe(true);
    expect(isInstant('2026-11-26T15:46:21+07:00')).toBe(true);
    expect(isInstant('2026-11-26')).toBe(false);
    expect(isInstant('at 2026-11-26T08:46:21Z')).toBe(false);
    expect(isInstant(20261126)).toBe(false);
  });
});

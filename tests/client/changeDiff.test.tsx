// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeDiff } from '../../src/client/admin/diff/ChangeDiff';
import { render, type Rendered } from './helpers/dom';

/** ChangeDiff as the audit page and the approvals page use it: `<ChangeDiff before after />`. */
describe('ChangeDiff', () => {
  let shown: Rendered | undefined;
  afterEach(async () => { await shown?.unmount(); shown = undefined; });

  it('shows one row per changed value, with its path and language, never html rendered', async () => {
    const html = `<p onclick="x()">${'Welcome bonus '.repeat(15)}</p><img src=x onerror="alert(1)">`;
    shown = await render(<ChangeDiff
      before={{ active: true, title: { th: 'เก่า', la: 'ເກົ່າ', en: 'Old' }, body: '<p>short</p>', weight: 5 }}
      after={{ active: false, title: { th: 'ใหม่', la: 'ເກົ່າ', en: 'New' }, body: html, weight: 5, at: '2026-11-26T08:46:21.000Z' }}
    />);
    const rows = shown.byTestId('change');
    expect(rows.map((r) => [r.dataset.path, r.dataset.language ?? ''])).toEqual([
      ['active', ''], ['title', 'th'], ['title', 'en'], ['body', ''], ['at', ''],
    ]);
    expect(rows[0]!.textContent).toContain('yes');
    expect(rows[0]!.textContent).toContain('no');
    expect(rows[1]!.textContent).toContain('TH');
    // The html is text, shortened, with a button for all of it.
    expect(shown.container.querySelector('img')).toBeNull();
    const more = rows[3]!.querySelector('button')!;
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(rows[3]!.textContent).toContain('…');
    await act(async () => more.click());
    expect(rows[3]!.querySelector('pre')!.textContent).toBe(html);
    expect(shown.container.querySelector('img')).toBeNull();
    // An instant reads as a local time, the ISO form kept in the title.
    expect(rows[4]!.querySelector('time')!.getAttribute('title')).toBe('2026-11-26T08:46:21.000Z');
    expect(rows[4]!.querySelector('time')!.textContent).toMatch(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2}:\d{2}$/);
  });

  it('says when nothing changed', async () => {
    shown = await render(<ChangeDiff before={{ a: 1 }} after={{ a: 1 }} />);
    expect(shown.byTestId('change-diff-none')[0]!.textContent).toBe('No change recorded.');
  });
});

describe('ChangeDiff labels', () => {
  it("names a field in words where the page knows it, beside its path", async () => {
    const shown = await render(<ChangeDiff before={{ qr: { KBANK: { maximum: 50_000 } } }} after={{ qr: { KBANK: { maximum: 45_000 } } }}
      label={(path) => (path.endsWith('maximum') ? 'Largest QR' : null)} />);
    const row = shown.byTestId('change')[0]!;
    expect(row.textContent).toContain('Largest QR');
    expect(row.textContent).toContain('qr.KBANK.maximum');
    expect(shown.byTestId('change-diff')[0]!.textContent).toContain('45000');
    await shown.unmount();
  });
});

import { describe, expect, it } from 'vitest';
import { canShareLink, inviteLink, lineShareUrl, shareLink } from '../../src/client/bonus/inviteShare';

describe('sharing the invite link (issue 28)', () => {
  const link = inviteLink('https://wallet.example', '42');

  it('points to the register route with code PR plus the member id (SPEC section 2)', () => {
    expect(link).toBe('https://wallet.example/register?code=PR42');
  });

  it("fills LINE's share screen with the text and the link, encoded", () => {
    const url = new URL(lineShareUrl('สมัครด้วยลิงก์ของฉัน', link));
    expect(url.origin + url.pathname).toBe('https://line.me/R/share');
    expect(url.searchParams.get('text')).toBe(`สมัครด้วยลิงก์ของฉัน\n${link}`);
  });

  it('offers the share sheet only where the browser has one, and a closed sheet is no failure', async () => {
    expect(canShareLink({})).toBe(false);
    const shared: ShareData[] = [];
    const phone = { share: async (data: ShareData) => void shared.push(data) };
    expect(canShareLink(phone)).toBe(true);
    expect(await shareLink(phone, { title: 'Invite', text: 'Join', url: link })).toBe('shared');
    expect(shared).toEqual([{ title: 'Invite', text: 'Join', url: link }]);
    const dismissed = { share: () => Promise.reject(new DOMException('closed', 'AbortError')) };
    expect(await shareLink(dismissed, { title: '', text: '', url: link })).toBe('dismissed');
    const broken = { share: () => Promise.reject(new DOMException('not allowed', 'NotAllowedError')) };
    expect(await shareLink(broken, { title: '', text: '', url: link })).toBe('failed');
  });
});

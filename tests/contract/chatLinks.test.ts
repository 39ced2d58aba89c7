import { describe, expect, it } from 'vitest';
import { chatUploadId, chatUploadPath, isAllowedChatSource, isHttpsAddress } from '../../src/contract/chatLinks';

/** What a chat message may point at (card pictures, media, file links), for the server and both clients. */
describe('chat links', () => {
  const id = '0b6f3c1e-7d1a-4c53-9a55-1f2e3d4c5b6a';

  it('allows https addresses on any host, and our uploads by their path', () => {
    for (const ok of ['https://cdn.example.com/promo.jpg', 'https://example.com/a b'.replace(' ', '%20'), 'https://xn--12c.example/ภาพ.png', chatUploadPath(id), chatUploadPath(id.toUpperCase())]) {
      expect(isAllowedChatSource(ok), ok).toBe(true);
    }
    expect(chatUploadId(chatUploadPath(id))).toBe(id);
  });

  it('refuses script, data, plain http, credentials, spaces and anything that is not an upload path', () => {
    for (const bad of [
      'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:image/png;base64,iVBORw0KGgo=', 'http://example.com/a.png', 'https://', 'https:///path',
      'https://user:secret@example.com/a.png', 'https://example.com/a b.png', ' https://example.com/a.png', '//example.com/a.png',
      '/api/chat/files/not-a-uuid', `/api/admin/chat/files/${id}`, `/api/chat/files/${id}/../../x`, `https://example.com/${'a'.repeat(2000)}`, '',
    ]) {
      expect(isAllowedChatSource(bad), bad).toBe(false);
    }
    expect(isHttpsAddress(chatUploadPath(id))).toBe(false);
  });
});

// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { CHAT } from '../../src/contract/constants';
import type { ChatApi, ChatMessage } from '../../src/client/chat/chatApi';
import { createChatFeed } from '../../src/client/chat/chatFeed';
import { ChatPanel } from '../../src/client/chat/ChatPanel';
import { render, scrollGeometry, settle, user, type Rendered } from './helpers/dom';

/**
 * The chat panel driven as a customer meets it, with a fake chat API (the server's pages, its
 * sends and read marks recorded) and the socket's feed pushed by hand: day separators and the end
 * marker, the control and the scroll that load earlier messages, the 'new messages' banner,
 * marking read a second after the last message (fake clock), the attachment rules, and what a
 * file message and card pictures may show.
 */

const DAY = 86_400_000;
const NOW = new Date('2026-03-10T12:00:00');
let serial = 0;

function message(partial: { sender?: 'customer' | 'operator'; at: Date; session?: string; body?: ChatMessage['message']; text?: string }): ChatMessage {
  serial += 1;
  return {
    _id: `m${String(serial).padStart(3, '0')}`,
    sender: partial.sender ?? 'customer',
    message: partial.body ?? { message_type: 'text', payload: partial.text ?? `message ${serial}` },
    userId: null,
    guestId: 'guest-0123456789abcdef',
    username: null,
    name: null,
    deviceToken: null,
    createdAt: partial.at.toISOString(),
    session_id: partial.session ?? 's1',
  };
}

/** `count` messages a minute apart, ending a minute before NOW. */
const conversation = (count: number, sender: 'customer' | 'operator' = 'customer') =>
  Array.from({ length: count }, (_, i) => message({ sender, at: new Date(NOW.getTime() - (count - i) * 60_000), text: `line ${i + 1}` }));

/** The server as the panel calls it: pages of the stored conversation, newest first, ten at a time. */
function fakeApi(stored: ChatMessage[]) {
  const calls = { history: [] as number[], markRead: 0, uploads: [] as string[], sends: [] as unknown[] };
  const api = {
    config: async () => ({ PREFIX: 'support:' }),
    history: async (skip: number) => {
      calls.history.push(skip);
      const end = Math.max(0, stored.length - skip);
      return stored.slice(Math.max(0, end - CHAT.historyPageSize), end);
    },
    send: async (outgoing: unknown) => {
      calls.sends.push(outgoing);
      return { _id: `sent-${calls.sends.length}`, createdAt: new Date().toISOString() };
    },
    markRead: async () => {
      calls.markRead += 1;
      return { message: 'OK' as const };
    },
    unread: async () => 0,
    upload: async (attachment: { fileName: string }) => {
      calls.uploads.push(attachment.fileName);
      return '/api/chat/files/0b6f3c1e-7d1a-4c53-9a55-1f2e3d4c5b6a';
    },
    file: async () => new Blob(['picture'], { type: 'image/png' }),
  };
  return { api: api as unknown as ChatApi, calls };
}

let view: Rendered | undefined;
async function openPanel(stored: ChatMessage[], onRead = () => undefined) {
  const { api, calls } = fakeApi(stored);
  const feed = createChatFeed();
  view = await render(
    <ChatPanel api={api} who={{ kind: 'guest', guestId: 'guest-0123456789abcdef' }} connected feed={feed} onClose={() => undefined} onRead={onRead} />,
  );
  await settle();
  const list = view.byTestId('chat-list')[0];
  const rows = () => [...list.querySelectorAll('li')].map((li) => li.dataset.testid);
  return { view, api, calls, feed, list, rows };
}

beforeEach(() => {
  serial = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
  URL.createObjectURL = vi.fn(() => `blob:chat/${Math.random()}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

describe('chat panel', () => {
  it('puts a day separator before each day and an end marker where a session gave way to the next', async () => {
    const { rows, view: v } = await openPanel([
      message({ at: new Date(NOW.getTime() - 3 * DAY), session: 'a', text: 'three days ago' }),
      message({ sender: 'operator', at: new Date(NOW.getTime() - 3 * DAY + 60_000), session: 'a' }),
      message({ at: new Date(NOW.getTime() - DAY), session: 'b', text: 'yesterday' }),
      message({ sender: 'operator', at: new Date(NOW.getTime() - DAY + 60_000), session: 'b' }),
      message({ at: new Date(NOW.getTime() - 60_000), session: 'b', text: 'today' }),
    ]);
    expect(rows()).toEqual(['chat-day', 'chat-message', 'chat-message', 'chat-end', 'chat-day', 'chat-message', 'chat-message', 'chat-day', 'chat-message']);
    const days = v.byTestId('chat-day').map((d) => d.textContent);
    expect(days).toEqual(['07/03/2026', en.chat.yesterday, en.chat.today]);
    expect(v.byTestId('chat-end')[0].textContent).toBe(en.chat.endOfConversation);
    // Five messages: the whole conversation, so no control and the start is marked.
    expect(v.byTestId('chat-load-older')).toEqual([]);
    expect(v.byTestId('chat-start')[0].textContent).toBe(en.chat.start);
  });

  it('loads earlier messages from the control when the first page does not fill the panel, and by scrolling to the top', async () => {
    const { view: v, calls, list } = await openPanel(conversation(25));
    expect(calls.history).toEqual([0]);
    expect(v.byTestId('chat-message')).toHaveLength(10);
    // jsdom lays nothing out: the list is exactly as tall as the panel, so it cannot be scrolled.
    const control = v.byTestId('chat-load-older')[0];
    expect(control.textContent).toBe(en.chat.loadOlder);
    await user(() => control.click());
    await settle();
    expect(calls.history).toEqual([0, 10]);
    expect(v.byTestId('chat-message')).toHaveLength(20);
    expect(v.byTestId('chat-message')[0].textContent).toContain('line 6');

    // A list taller than the panel, scrolled to its top: the scroll loads the rest.
    scrollGeometry(list, { scrollHeight: 2000, clientHeight: 400, scrollTop: 0 });
    await user(() => list.dispatchEvent(new Event('scroll')));
    await settle();
    expect(calls.history).toEqual([0, 10, 20]);
    expect(v.byTestId('chat-message')).toHaveLength(25);
    expect(v.byTestId('chat-load-older')).toEqual([]);
    expect(v.byTestId('chat-start')).toHaveLength(1);
  });

  it("shows the 'new messages' banner for the site's message while scrolled up, and not at the bottom or for one's own", async () => {
    const { view: v, feed, list } = await openPanel(conversation(3));
    const banner = () => v.byTestId('chat-new-messages');
    scrollGeometry(list, { scrollHeight: 1000, clientHeight: 400, scrollTop: 100 });
    await act(async () => feed.message(message({ at: new Date(), text: 'mine, from another tab' })));
    expect(banner()).toEqual([]);
    await act(async () => feed.message(message({ sender: 'operator', at: new Date(), text: 'an answer' })));
    expect(banner()[0].textContent).toBe(en.chat.newMessages);
    expect(v.byTestId('chat-message').at(-1)!.textContent).toContain('an answer');
    await user(() => banner()[0].click());
    expect(banner()).toEqual([]);
    expect(list.scrollTop).toBe(1000);

    // At the bottom (within 60 px), an answer just shows.
    scrollGeometry(list, { scrollHeight: 1000, clientHeight: 400, scrollTop: 1000 - 400 - CHAT.atBottomThresholdPx });
    await act(async () => feed.message(message({ sender: 'operator', at: new Date(), text: 'another answer' })));
    expect(banner()).toEqual([]);
  });

  it("marks the site's messages read one second after the last one arrived, not before", async () => {
    const onRead = vi.fn();
    const { calls, feed } = await openPanel([...conversation(2), message({ sender: 'operator', at: new Date(NOW.getTime() - 1000) })], onRead);
    await act(async () => vi.advanceTimersByTime(CHAT.markReadDebounceMs - 1));
    expect(calls.markRead).toBe(0);
    await act(async () => vi.advanceTimersByTime(1));
    await settle();
    expect(calls.markRead).toBe(1);
    expect(onRead).toHaveBeenCalledTimes(1);

    // Two answers half a second apart: one mark, a second after the later.
    await act(async () => feed.message(message({ sender: 'operator', at: new Date() })));
    await act(async () => vi.advanceTimersByTime(500));
    await act(async () => feed.message(message({ sender: 'operator', at: new Date() })));
    await act(async () => vi.advanceTimersByTime(999));
    expect(calls.markRead).toBe(1);
    await act(async () => vi.advanceTimersByTime(1));
    await settle();
    expect(calls.markRead).toBe(2);
    // The customer's own message leaves nothing to mark.
    await act(async () => feed.message(message({ at: new Date() })));
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(calls.markRead).toBe(2);
  });

  it('reloads the latest page after the socket rejoined (messages may have been missed)', async () => {
    const { calls, feed } = await openPanel(conversation(3));
    await act(async () => feed.rejoined());
    await settle();
    expect(calls.history).toEqual([0, 0]);
  });

  it('keeps the attachment rules: a file past its size or of another type is refused with its message; a photo is uploaded, then sent', async () => {
    const { view: v, calls } = await openPanel([]);
    const input = v.byTestId('chat-file')[0] as HTMLInputElement;
    const choose = (file: File) => user(() => {
      Object.defineProperty(input, 'files', { configurable: true, value: [file] });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await choose(new File([new Uint8Array(CHAT.imageMaxBytes + 1)], 'huge.png', { type: 'image/png' }));
    expect(v.text()).toContain(en.chat.fileTooLarge.replace('{{size}}', '10'));
    await choose(new File([new Uint8Array(CHAT.videoMaxBytes + 1)], 'long.mp4', { type: 'video/mp4' }));
    expect(v.text()).toContain(en.chat.fileTooLarge.replace('{{size}}', '20'));
    for (const file of [new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }), new File(['x'], 'photo', { type: 'image/png' }), new File(['x'], 'fake.png', { type: 'application/pdf' })]) {
      await choose(file);
    }
    expect(v.text().split(en.chat.fileNotSupported).length - 1).toBe(3);
    expect(calls.uploads).toEqual([]);

    await choose(new File([new Uint8Array(2048)], 'receipt.jpg', { type: 'image/jpeg' }));
    await settle();
    expect(calls.uploads).toEqual(['receipt.jpg']);
    expect(calls.sends).toEqual([{ message_type: 'media', payload: { url: false, fileType: 'image', filePath: '/api/chat/files/0b6f3c1e-7d1a-4c53-9a55-1f2e3d4c5b6a', name: 'receipt.jpg' } }]);
    expect(v.byTestId('chat-delivered')).toHaveLength(1);
  });

  it('shows a file with its name and a link, and card pictures from https addresses or our uploads only', async () => {
    const upload = '/api/chat/files/0b6f3c1e-7d1a-4c53-9a55-1f2e3d4c5b6a';
    const card = (title: string, image_url: string | null) => ({ title, image_url, subtitle: null, buttons: [] });
    const { view: v } = await openPanel([
      message({ sender: 'operator', at: new Date(NOW.getTime() - 4000), body: { message_type: 'media', payload: { url: true, fileType: 'file', filePath: 'https://example.com/terms.pdf', name: 'Terms.pdf' } } }),
      message({ sender: 'operator', at: new Date(NOW.getTime() - 3000), body: { message_type: 'media', payload: { url: false, fileType: 'file', filePath: upload, name: 'statement.png' } } }),
      message({ sender: 'operator', at: new Date(NOW.getTime() - 2000), body: { message_type: 'media', payload: { url: true, fileType: 'file', filePath: 'javascript:alert(1)', name: 'Evil' } } }),
      message({
        sender: 'operator',
        at: new Date(NOW.getTime() - 1000),
        body: {
          message_type: 'generic',
          payloads: [
            card('From the web', 'https://cdn.example.com/promo.jpg'),
            card('Uploaded', upload),
            card('Script', 'javascript:alert(1)'),
            card('Data', 'data:image/png;base64,iVBORw0KGgo='),
            card('Plain http', 'http://example.com/a.png'),
            card('None', null),
          ],
        },
      }),
    ]);
    await settle();
    const links = v.byTestId('chat-file-link') as HTMLAnchorElement[];
    expect(links).toHaveLength(2);
    expect(links[0].textContent).toContain('Terms.pdf');
    expect(links[0].textContent).toContain(en.chat.openLink);
    expect([links[0].getAttribute('href'), links[0].target, links[0].rel]).toEqual(['https://example.com/terms.pdf', '_blank', 'noopener noreferrer']);
    expect(links[1].textContent).toContain('statement.png');
    expect(links[1].getAttribute('href')).toMatch(/^blob:/);
    expect(links[1].getAttribute('download')).toBe('statement.png');
    expect(v.text()).toContain(en.chat.unknownMessage);
    expect(v.container.innerHTML).not.toContain('javascript:');

    const pictures = [...v.container.querySelectorAll<HTMLImageElement>('img.chat-card__image')];
    expect(pictures.map((img) => [img.alt, img.getAttribute('src')?.replace(/^blob:.*/, 'blob:')])).toEqual([
      ['Picture: From the web', 'https://cdn.example.com/promo.jpg'],
      ['Picture: Uploaded', 'blob:'],
    ]);
    expect(v.container.innerHTML).not.toContain('data:image');
    expect(v.container.innerHTML).not.toContain('http://example.com');
  });
});

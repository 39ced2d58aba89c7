// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../locales/en.json';
import { endpoints } from '../../src/contract';
import { CHAT_SWITCH_PATH, CHAT_UNREAD_PATH } from '../../src/client/chat/launcherCalls';
import { render, settle, user, type Rendered } from './helpers/dom';

/**
 * The chat button of every page, driven with a fake server (fetch) and the live part replaced by
 * a recorder: the operator's switch, the unread badge, which customer asks, when the live part
 * loads (now, once idle on the member pages, or at the first touch on the public pages), and the badge going once read.
 */

// The live part (socket.io, the panel) is another test's; here it records what it was given.
const widget = vi.hoisted(() => ({ props: [] as { who: string; open: boolean; onUnread: (n: number) => void; onClose: () => void }[] }));
vi.mock('../../src/client/chat/ChatWidget', () => ({
  default: (props: (typeof widget.props)[number]) => {
    widget.props.push(props);
    return null;
  },
}));
// The strings' chunks are the build's (virtual modules); the English strings are given here.
vi.mock('../../src/client/i18n', () => ({ withAllStrings: <T,>(load: () => Promise<T>) => load }));

const { ChatLauncher } = await import('../../src/client/chat/ChatLauncher');

interface Asked { path: string; method: string; headers: Record<string, string>; body: unknown }
function fakeServer(answers: { enabled: boolean; unread?: number }) {
  const asked: Asked[] = [];
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    asked.push({ path, method: init?.method ?? 'GET', headers: (init?.headers ?? {}) as Record<string, string>, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = path === CHAT_SWITCH_PATH ? { enableChatWidget: answers.enabled } : { unread: answers.unread ?? 0 };
    return new Response(JSON.stringify(json), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return asked;
}

let view: Rendered | undefined;
beforeEach(() => {
  widget.props.length = 0;
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const launcher = () => view!.byTestId('chat-launcher')[0] as HTMLButtonElement | undefined;

describe('the chat button', () => {
  it('keeps the fetch calls in step with the contract', () => {
    expect([endpoints.lookupEnableChatWidget.method, endpoints.lookupEnableChatWidget.path]).toEqual(['GET', CHAT_SWITCH_PATH]);
    expect([endpoints.chatUnread.method, endpoints.chatUnread.path]).toEqual(['POST', CHAT_UNREAD_PATH]);
  });

  it('is not there while the operator has the chat off', async () => {
    const asked = fakeServer({ enabled: false, unread: 4 });
    sessionStorage.setItem('token', 'member-token');
    view = await render(<ChatLauncher who="member" wake="now" />);
    await settle();
    expect(launcher()).toBeUndefined();
    expect(asked.map((a) => a.path)).toEqual([CHAT_SWITCH_PATH]);
    expect(widget.props).toEqual([]);
  });

  it("shows the member's unread count, asked with the member's token, and its live part at once", async () => {
    const asked = fakeServer({ enabled: true, unread: 3 });
    sessionStorage.setItem('token', 'member-token');
    view = await render(<ChatLauncher who="member" wake="now" />);
    await settle();
    expect(view.byTestId('chat-unread')[0].textContent).toBe('3');
    expect(launcher()!.getAttribute('aria-label')).toBe(en.chatButton.openUnread_other.replace('{{count}}', '3'));
    const unread = asked.find((a) => a.path === CHAT_UNREAD_PATH)!;
    expect([unread.method, unread.headers.authorization, unread.headers['x-client'], unread.body]).toEqual(['POST', 'Bearer member-token', 'member-wallet', {}]);
    expect(widget.props.at(-1)).toMatchObject({ who: 'member', open: false });

    // Opened, the panel reads the messages: the count goes, and the button closes the chat.
    await user(() => launcher()!.click());
    expect(widget.props.at(-1)).toMatchObject({ open: true });
    await act(async () => widget.props.at(-1)!.onUnread(0));
    expect(view.byTestId('chat-unread')).toEqual([]);
    expect(launcher()!.getAttribute('aria-label')).toBe(en.chatButton.close);
    expect(launcher()!.getAttribute('aria-expanded')).toBe('true');
    await user(() => launcher()!.click());
    expect(launcher()!.getAttribute('aria-label')).toBe(en.chatButton.open);
    // A site message while closed: the live part recounts and tells the button.
    await act(async () => widget.props.at(-1)!.onUnread(120));
    expect(view.byTestId('chat-unread')[0].textContent).toBe('99+');
  });

  it("asks nothing for a guest who never chatted, and loads a returning guest's live part at the first touch only", async () => {
    const asked = fakeServer({ enabled: true, unread: 2 });
    view = await render(<ChatLauncher who="guest" wake="firstTouch" />);
    await settle();
    expect(asked.map((a) => a.path)).toEqual([CHAT_SWITCH_PATH]);
    expect(view.byTestId('chat-unread')).toEqual([]);
    await view.unmount();

    localStorage.setItem('chatGuestId', 'guest-0123456789abcdef');
    const again = fakeServer({ enabled: true, unread: 2 });
    view = await render(<ChatLauncher who="guest" wake="firstTouch" />);
    await settle();
    const unread = again.find((a) => a.path === CHAT_UNREAD_PATH)!;
    expect([unread.headers.authorization, unread.body]).toEqual([undefined, { guestId: 'guest-0123456789abcdef' }]);
    expect(view.byTestId('chat-unread')[0].textContent).toBe('2');
    expect(widget.props).toEqual([]);
    await user(() => document.dispatchEvent(new Event('pointerdown')));
    await settle();
    expect(widget.props.at(-1)).toMatchObject({ who: 'guest', open: false });
  });

  it("loads the member pages' live part once the page is idle, not with their first content", async () => {
    fakeServer({ enabled: true, unread: 1 });
    sessionStorage.setItem('token', 'member-token');
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      view = await render(<ChatLauncher who="member" wake="idle" />);
      await settle();
      expect(view.byTestId('chat-unread')[0].textContent).toBe('1');
      expect(widget.props).toEqual([]);
      await act(async () => idle.splice(0).forEach((run) => run()));
      await settle();
      expect(widget.props.at(-1)).toMatchObject({ who: 'member', open: false });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('closes the panel when the member goes to another page', async () => {
    fakeServer({ enabled: true });
    sessionStorage.setItem('token', 'member-token');
    view = await render(<ChatLauncher who="member" wake="now" page="/user/contact" />);
    await settle();
    await user(() => launcher()!.click());
    expect(widget.props.at(-1)).toMatchObject({ open: true });
    await view.rerender(<ChatLauncher who="member" wake="now" page="/user/contact" />);
    expect(widget.props.at(-1)).toMatchObject({ open: true });
    await view.rerender(<ChatLauncher who="member" wake="now" page="/user/home" />);
    expect(widget.props.at(-1)).toMatchObject({ open: false });
    expect(launcher()!.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays open when the member opened it while the next page was still loading (the address had changed already)', async () => {
    fakeServer({ enabled: true });
    sessionStorage.setItem('token', 'member-token');
    view = await render(<ChatLauncher who="member" wake="now" page="/user/home" />);
    await settle();
    // The bottom menu's tap changed the address; the contact page has not been drawn yet.
    window.history.pushState(null, '', '/user/contact');
    await user(() => launcher()!.click());
    await view.rerender(<ChatLauncher who="member" wake="now" page="/user/contact" />);
    expect(widget.props.at(-1)).toMatchObject({ open: true });
    window.history.pushState(null, '', '/user/home');
    await view.rerender(<ChatLauncher who="member" wake="now" page="/user/home" />);
    expect(widget.props.at(-1)).toMatchObject({ open: false });
  });

  it('shows the invite bubble where asked, until it is put away for the session', async () => {
    fakeServer({ enabled: true });
    view = await render(<ChatLauncher who="guest" wake="firstTouch" />);
    await settle();
    expect(view.text()).not.toContain(en.chatButton.invite);
    await view.unmount();

    view = await render(<ChatLauncher who="guest" wake="firstTouch" invite />);
    await settle();
    expect(view.text()).toContain(en.chatButton.invite);
    const dismiss = view.container.querySelector<HTMLButtonElement>(`[aria-label="${en.chatButton.inviteDismiss}"]`)!;
    await user(() => dismiss.click());
    expect(view.text()).not.toContain(en.chatButton.invite);
    await view.unmount();
    view = await render(<ChatLauncher who="guest" wake="firstTouch" invite />);
    await settle();
    expect(view.text()).not.toContain(en.chatButton.invite);
  });
});

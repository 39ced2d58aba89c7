import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract';
import { build, type TestApp } from './helpers/app';
import { chatClient, newGuestId } from './helpers/chat';
import { contractCaller } from './helpers/contract-call';
import { engines } from './helpers/db';
import { fundWallet, seedMember } from './helpers/members';

/**
 * The /terminated page (issue 27, finding 1) tells a player whose service is switched off that
 * their money is safe and how to get it out: it shows the contact details, opens the chat and
 * asks whether the service is back. Those calls answer while the service is off, and the
 * service-state check is never cached. SPEC says nothing of withdrawing while off: member calls,
 * a withdrawal included, stay 410 gone, and the way out is the contact and the chat.
 */
describe.each(engines)('what /terminated needs while the service is off, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build(engine, { RECONCILE_INTERVAL_MS: '0', BONUS_TURNOVER_INTERVAL_MS: '0', REFUND_INTERVAL_MS: '0' });
  }, 180_000);
  afterAll(async () => {
    await t.app.ctx.settings.set('service.active', true);
    await t.close();
  });

  it('answers the contact, the site, the chat and the service state while off; reports the service back at once', async () => {
    const m = await seedMember(t.app);
    await fundWallet(t.app, m.id, 250);
    const guest = chatClient(t.app, { guestId: newGuestId() });
    const member = chatClient(t.app, { token: m.token });
    const public_ = contractCaller(t.app);
    await t.app.ctx.settings.set('service.active', false);
    try {
      const contact = await public_(endpoints.lookupContact);
      expect(contact.statusCode).toBe(200);
      expect(contact.headers['cache-control']).toBe('no-store');
      expect(contact.answer()).toMatchObject({ contactText: expect.any(String), lineLink: expect.any(String), lineName: expect.any(String) });
      expect((await public_(endpoints.lookupInfo)).statusCode).toBe(200);
      expect((await public_(endpoints.lookupEnableChatWidget)).statusCode).toBe(200);
      expect((await public_(endpoints.chatConfig)).statusCode).toBe(200);

      // The chat works for a guest and for the member, who still holds a token.
      expect((await guest.sendText('Is my money safe?')).statusCode).toBe(200);
      expect((await member.sendText('How do I get my 250 baht out?')).statusCode).toBe(200);
      const history = (await member.history()).json();
      expect(history.messages.map((x: { message: { payload: string } }) => x.message.payload)).toContain('How do I get my 250 baht out?');

      const state = await public_(endpoints.lookupActive);
      expect(state.statusCode).toBe(410);
      expect(state.headers['cache-control']).toBe('no-store');
      const withdraw = await contractCaller(t.app, m.token)(endpoints.walletWithdraw, { body: { amount: 100 } });
      expect(withdraw.statusCode).toBe(410);
      expect(withdraw.headers['cache-control']).toBe('no-store');
    } finally {
      await t.app.ctx.settings.set('service.active', true);
    }
    const back = await public_(endpoints.lookupActive);
    expect(back.statusCode).toBe(200);
    expect(back.headers['cache-control']).toBe('no-store');
  });
});

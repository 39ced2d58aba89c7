import { describe, expect, it } from 'vitest';
import { operatorMessage } from '../../src/contract/endpoints/chatOperator';
import { checkDraft, emptyButton, emptyDraft, replyOf, type ReplyDraft } from '../../src/client/admin/pages/chat/replyDraft';

/** The console's answer form: what each kind needs before it goes, and the message it becomes (which the contract accepts). */
const UPLOADED = '/api/chat/files/0b6f3c1e-7d1a-4c53-9a55-1f2e3d4c5b6a';
const draft = (patch: Partial<ReplyDraft>): ReplyDraft => ({ ...emptyDraft(patch.kind), ...patch });
const accepted = (message: unknown) => operatorMessage.safeParse(message).success;

describe("the console's answer", () => {
  it('sends text trimmed, and nothing empty', () => {
    expect(checkDraft(draft({ kind: 'text', text: '   ' }))).toEqual({ problem: 'text' });
    const ok = draft({ kind: 'text', text: '  Hello  ' });
    expect(checkDraft(ok)).toEqual({ upload: null });
    expect(replyOf(ok)).toEqual({ message_type: 'text', payload: 'Hello' });
  });

  it('uploads a photo or video first, refuses other files, and names the upload in the media message', () => {
    expect(checkDraft(draft({ kind: 'media' }))).toEqual({ problem: 'file' });
    expect(checkDraft(draft({ kind: 'media', file: new File(['x'], 'notes.pdf', { type: 'application/pdf' }) }))).toEqual({ problem: 'fileType' });
    const video = new File(['x'], 'how-to.mp4', { type: 'video/mp4' });
    expect(checkDraft(draft({ kind: 'media', file: video }))).toEqual({ upload: { kind: 'video', file: video } });
    const photo = new File(['x'], 'offer.png', { type: 'image/png' });
    const ready = draft({ kind: 'media', file: photo, text: ' This week ' });
    expect(checkDraft(ready)).toEqual({ upload: { kind: 'image', file: photo } });
    const message = replyOf(ready, UPLOADED);
    expect(message).toEqual({ message_type: 'media', payload: { url: false, fileType: 'image', filePath: UPLOADED, name: 'offer.png', message: 'This week' } });
    expect(accepted(message)).toBe(true);
  });

  it('makes a card with an uploaded picture or an https address, and buttons that each do something', () => {
    expect(checkDraft(draft({ kind: 'card' }))).toEqual({ problem: 'text' });
    for (const address of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://example.com/a.png']) {
      expect(checkDraft(draft({ kind: 'card', cardTitle: 'Offer', cardImageUrl: address }))).toEqual({ problem: 'https' });
    }
    expect(checkDraft(draft({ kind: 'card', cardTitle: 'Offer', file: new File(['x'], 'clip.mp4', { type: 'video/mp4' }) }))).toEqual({ problem: 'fileType' });
    for (const button of [{ type: 'web' as const, title: 'Site', payload: 'javascript:alert(1)' }, { type: 'call' as const, title: 'Call', payload: 'call me' }, { type: 'postback' as const, title: '', payload: 'X' }, { type: 'postback' as const, title: 'Yes', payload: ' ' }]) {
      expect(checkDraft(draft({ kind: 'card', cardTitle: 'Offer', buttons: [button] }))).toEqual({ problem: 'button' });
    }
    const card = draft({
      kind: 'card', cardTitle: ' Weekend bonus ', cardSubtitle: '', cardImageUrl: ' https://cdn.example.com/a.png ',
      buttons: [{ type: 'web', title: 'Read', payload: 'https://example.com/bonus' }, { type: 'call', title: 'Call', payload: '+66 2 000 0000' }, { type: 'postback', title: 'Yes', payload: 'YES' }],
    });
    expect(checkDraft(card)).toEqual({ upload: null });
    const message = replyOf(card);
    expect(message).toEqual({
      message_type: 'generic',
      payloads: [{ image_url: 'https://cdn.example.com/a.png', title: 'Weekend bonus', subtitle: null, buttons: card.buttons }],
    });
    expect(accepted(message)).toBe(true);
    const picture = new File(['x'], 'card.jpg', { type: 'image/jpeg' });
    const uploadedCard = draft({ kind: 'card', cardTitle: 'Offer', file: picture });
    expect(checkDraft(uploadedCard)).toEqual({ upload: { kind: 'image', file: picture } });
    expect(replyOf(uploadedCard, UPLOADED)).toMatchObject({ payloads: [{ image_url: UPLOADED }] });
    expect(accepted(replyOf(uploadedCard, UPLOADED))).toBe(true);
  });

  it('sends buttons and quick replies with their text, at least one each', () => {
    expect(emptyDraft('buttons').buttons).toEqual([emptyButton()]);
    expect(checkDraft(draft({ kind: 'buttons', text: 'Pick', buttons: [] }))).toEqual({ problem: 'button' });
    expect(checkDraft(draft({ kind: 'quick_replies', text: '', buttons: [{ type: 'postback', title: 'Yes', payload: 'YES' }] }))).toEqual({ problem: 'text' });
    const replies = draft({ kind: 'quick_replies', text: 'Anything else?', buttons: [{ type: 'postback', title: 'Yes', payload: 'YES' }, { type: 'postback', title: 'No', payload: 'NO' }] });
    expect(replyOf(replies)).toEqual({ message_type: 'quick_replies', payload: { text: 'Anything else?', replies: replies.buttons } });
    expect(accepted(replyOf(replies))).toBe(true);
    const buttons = draft({ kind: 'buttons', text: 'Pick', buttons: [{ type: 'web', title: 'Guide', payload: 'https://example.com/guide' }] });
    expect(accepted(replyOf(buttons))).toBe(true);
  });

  it('offers a file by its name and an https address only', () => {
    expect(checkDraft(draft({ kind: 'file', fileName: '', fileUrl: 'https://example.com/terms.pdf' }))).toEqual({ problem: 'text' });
    expect(checkDraft(draft({ kind: 'file', fileName: 'Terms', fileUrl: 'ftp://example.com/terms.pdf' }))).toEqual({ problem: 'https' });
    const file = draft({ kind: 'file', fileName: ' Terms.pdf ', fileUrl: 'https://example.com/terms.pdf' });
    expect(replyOf(file)).toEqual({ message_type: 'media', payload: { url: true, fileType: 'file', filePath: 'https://example.com/terms.pdf', name: 'Terms.pdf' } });
    expect(accepted(replyOf(file))).toBe(true);
  });
});

import type { z } from 'zod';
import { CHAT } from '../../../../contract/constants';
import { isHttpsAddress } from '../../../../contract/chatLinks';
import type { operatorMessage } from '../../../../contract/endpoints/chatOperator';
import { checkAttachment } from '../../../chat/attachments';

/**
 * An operator's answer as the console's form holds it, and the message it becomes: every kind the
 * member's widget renders (text, a photo or video, a card, buttons, quick replies, a file link).
 * Pure, so the rules are tested without a page; the server checks them again (the contract's
 * operatorMessage).
 */
export type OperatorMessage = z.input<typeof operatorMessage>;

export const REPLY_KINDS = ['text', 'media', 'card', 'buttons', 'quick_replies', 'file'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];

export const BUTTON_KINDS = ['postback', 'web', 'call'] as const;
export type ButtonKind = (typeof BUTTON_KINDS)[number];
export interface ButtonDraft {
  type: ButtonKind;
  title: string;
  payload: string;
}

export interface ReplyDraft {
  kind: ReplyKind;
  /** The text; above the buttons or quick replies; a photo's or video's caption. */
  text: string;
  /** The photo or video to send, or the card's picture to upload. */
  file: File | null;
  cardTitle: string;
  cardSubtitle: string;
  /** The card's picture as an https address, when no file is chosen. */
  cardImageUrl: string;
  buttons: ButtonDraft[];
  fileName: string;
  fileUrl: string;
}

/** How many buttons each kind offers in the form (the contract allows more; a phone shows about this many). */
export const MAX_BUTTONS: Partial<Record<ReplyKind, number>> = { card: 3, buttons: 3, quick_replies: 5 };

export const emptyButton = (type: ButtonKind = 'postback'): ButtonDraft => ({ type, title: '', payload: '' });

export const emptyDraft = (kind: ReplyKind = 'text'): ReplyDraft => ({
  kind,
  text: '',
  file: null,
  cardTitle: '',
  cardSubtitle: '',
  cardImageUrl: '',
  buttons: kind === 'buttons' || kind === 'quick_replies' ? [emptyButton()] : [],
  fileName: '',
  fileUrl: '',
});

/** What is missing or wrong, named for the form's message (admin.chat.problem.*). */
export type DraftProblem = 'text' | 'file' | 'fileType' | 'https' | 'button';

/** The upload an answer needs before it can be sent: a photo or video, or a card's picture. */
export type NeededUpload = { kind: 'image' | 'video'; file: File } | null;

const PHONE = /^\+?[0-9 -]{3,20}$/;

const buttonFits = (b: ButtonDraft) =>
  b.title.trim().length > 0 && b.title.trim().length <= 200 &&
  (b.type === 'web' ? isHttpsAddress(b.payload.trim()) : b.type === 'call' ? PHONE.test(b.payload.trim()) : b.payload.trim().length > 0 && b.payload.length <= 1000);

const textFits = (text: string) => text.trim().length > 0 && text.trim().length <= CHAT.textMax;

/** The upload the draft needs, or the problem that keeps it from being sent. */
export function checkDraft(draft: ReplyDraft): { problem: DraftProblem } | { upload: NeededUpload } {
  switch (draft.kind) {
    case 'text':
      return textFits(draft.text) ? { upload: null } : { problem: 'text' };
    case 'media': {
      if (!draft.file) return { problem: 'file' };
      const check = checkAttachment(draft.file);
      return check.ok ? { upload: { kind: check.attachment.fileType, file: draft.file } } : { problem: 'fileType' };
    }
    case 'card': {
      if (!draft.cardTitle.trim()) return { problem: 'text' };
      if (!draft.buttons.every(buttonFits)) return { problem: 'button' };
      if (draft.file) {
        const check = checkAttachment(draft.file);
        return check.ok && check.attachment.fileType === 'image' ? { upload: { kind: 'image', file: draft.file } } : { problem: 'fileType' };
      }
      if (draft.cardImageUrl.trim() && !isHttpsAddress(draft.cardImageUrl.trim())) return { problem: 'https' };
      return { upload: null };
    }
    case 'buttons':
    case 'quick_replies':
      if (!textFits(draft.text)) return { problem: 'text' };
      return draft.buttons.length > 0 && draft.buttons.every(buttonFits) ? { upload: null } : { problem: 'button' };
    case 'file':
      if (!draft.fileName.trim()) return { problem: 'text' };
      return isHttpsAddress(draft.fileUrl.trim()) ? { upload: null } : { problem: 'https' };
  }
}

const buttonOf = (b: ButtonDraft) => ({ type: b.type, title: b.title.trim(), payload: b.payload.trim() });

/** The message a checked draft becomes; `uploaded` is the path its upload answered, if it needed one. */
export function replyOf(draft: ReplyDraft, uploaded?: string): OperatorMessage {
  switch (draft.kind) {
    case 'text':
      return { message_type: 'text', payload: draft.text.trim() };
    case 'media': {
      const caption = draft.text.trim();
      return {
        message_type: 'media',
        payload: { url: false, fileType: fileTypeOf(draft.file) ?? 'image', filePath: uploaded ?? '', name: draft.file?.name, ...(caption ? { message: caption } : {}) },
      };
    }
    case 'card':
      return {
        message_type: 'generic',
        payloads: [{
          image_url: uploaded ?? (draft.cardImageUrl.trim() || null),
          title: draft.cardTitle.trim(),
          subtitle: draft.cardSubtitle.trim() || null,
          buttons: draft.buttons.map(buttonOf),
        }],
      };
    case 'buttons':
      return { message_type: 'buttons', payload: { text: draft.text.trim(), buttons: draft.buttons.map(buttonOf) } };
    case 'quick_replies':
      return { message_type: 'quick_replies', payload: { text: draft.text.trim(), replies: draft.buttons.map(buttonOf) } };
    case 'file':
      return { message_type: 'media', payload: { url: true, fileType: 'file', filePath: draft.fileUrl.trim(), name: draft.fileName.trim() } };
  }
}

const fileTypeOf = (file: File | null): 'image' | 'video' | undefined => {
  if (!file) return undefined;
  const check = checkAttachment(file);
  return check.ok ? check.attachment.fileType : undefined;
};

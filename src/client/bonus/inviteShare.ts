/**
 * The invite link and the ways to pass it on (issue 28): the phone's share sheet where the
 * browser has the Web Share API, LINE (the messenger most members use), and copy.
 */

/** SPEC section 2: invite links point to the register route with code PR plus the member's id. */
export const inviteLink = (origin: string, memberId: string) => `${origin}/register?code=PR${encodeURIComponent(memberId)}`;

/**
 * LINE's share address: it opens LINE's "share with" screen in the app, or LINE's web page
 * where the app is missing, with the text and the link filled in.
 */
export const lineShareUrl = (text: string, link: string) => `https://line.me/R/share?text=${encodeURIComponent(`${text}\n${link}`)}`;

/** The part of `navigator` sharing needs (a fake in tests). */
export interface LinkSharer {
  share?: (data: ShareData) => Promise<void>;
}

export const canShareLink = (sharer: LinkSharer | undefined): boolean => typeof sharer?.share === 'function';

export type ShareOutcome = 'shared' | 'dismissed' | 'failed';

/** Opens the share sheet with the link; the member closing the sheet is no failure. */
export async function shareLink(sharer: LinkSharer, data: { title: string; text: string; url: string }): Promise<ShareOutcome> {
  try {
    await sharer.share!(data);
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'dismissed' : 'failed';
  }
}

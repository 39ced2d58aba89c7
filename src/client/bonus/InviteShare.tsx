import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../ui/clipboard';
import { CopyIcon, ShareIcon } from '../ui/icons';
import { useToast } from '../ui/toastContext';
import { canShareLink, inviteLink, lineShareUrl, shareLink } from './inviteShare';

/**
 * The member's invite link with its share actions (each named by its visible word and, for a
 * screen reader, what it acts on: axe's label-content-name-mismatch, and Thai and Lao have no
 * spaces for a shorter visible word to match inside a longer name), on the home and in the invite modal: the
 * share sheet (only where the browser has one), LINE, and copy (SPEC section 8: a toast with
 * the copied text, or failed-to-copy).
 */
export function InviteShare({ memberId, testId = 'invite-link' }: { memberId: string; testId?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const link = inviteLink(window.location.origin, memberId);
  const text = t('home.shareText');
  const [sheet] = useState(() => canShareLink(navigator));

  const copy = () =>
    copyText(link).then(
      () => toast.success(t('home.inviteCopied', { text: link })),
      () => toast.error(t('home.copyFailed')),
    );
  const share = async () => {
    const outcome = await shareLink(navigator, { title: t('home.invite'), text, url: link });
    if (outcome === 'failed') toast.error(t('home.shareFailed'));
  };

  return (
    <div className="invite-share">
      <div className="invite__link">
        <span className="visually-hidden">{t('home.inviteLink')}: </span>
        <span className="invite__url" data-testid={testId}>
          {link}
        </span>
      </div>
      <div className="invite-share__actions" data-testid="invite-share">
        {sheet && (
          <button type="button" className="invite-share__action" onClick={() => void share()} data-testid="invite-share-sheet">
            <ShareIcon size={18} aria-hidden="true" />
            {t('home.shareShort')}
            <span className="visually-hidden"> {t('home.inviteLinkObject')}</span>
          </button>
        )}
        <a
          className="invite-share__action invite-share__action--line"
          href={lineShareUrl(text, link)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('home.shareLine')}
          data-testid="invite-share-line"
        >
          <span className="invite-share__line-mark" aria-hidden="true">{t('home.lineShort')}</span>
        </a>
        <button type="button" className="invite-share__action" onClick={() => void copy()} data-testid="invite-copy">
          <CopyIcon size={18} aria-hidden="true" />
          {t('home.copyShort')}
          <span className="visually-hidden"> {t('home.inviteLinkObject')}</span>
        </button>
      </div>
    </div>
  );
}

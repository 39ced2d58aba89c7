import { Dialog } from '../ui/Dialog';
import { BannerCarousel, type Banner } from './BannerCarousel';

/**
 * The home's banner carousel modal (SPEC section 2, "Modals: … banner carousel"): the invite or
 * refund widget opens the operator's banners here first, and `next` leads on to the plain dialog
 * with the table and the receive actions.
 */
export function BannerModal({ open, onClose, title, banners, next, onNext }: {
  open: boolean;
  onClose: () => void;
  title: string;
  banners: Banner[];
  next: string;
  onNext: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <button type="button" className="btn btn--gold btn--block" onClick={onNext} data-autofocus data-testid="banner-next">
          {next}
        </button>
      }
    >
      <div data-testid="banner-modal">
        <BannerCarousel banners={banners} />
      </div>
    </Dialog>
  );
}

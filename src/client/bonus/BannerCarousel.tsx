import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeOperatorHtml } from '../format/safeHtml';

export interface Banner {
  image: string;
  html: string;
}

/**
 * Operator banners, one at a time, with previous and next buttons and a position (SPEC section 2:
 * the bonus dialog's image carousel with html, the invite and refund carousels). The html was
 * sanitised by the server and is sanitised again here before it enters the page.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const banner = banners[Math.min(index, banners.length - 1)];
  if (!banner) return null;
  const many = banners.length > 1;
  const go = (step: number) => setIndex((i) => (i + step + banners.length) % banners.length);
  return (
    <div className="carousel" role="group" aria-roledescription={t('bonusPage.carousel.name')} aria-label={t('bonusPage.carousel.position', { index: index + 1, count: banners.length })}>
      {banner.image && <img className="carousel__image" src={banner.image} alt="" />}
      <div className="carousel__html" data-testid="banner-html" dangerouslySetInnerHTML={{ __html: sanitizeOperatorHtml(banner.html) }} />
      {many && (
        <div className="carousel__nav">
          <button type="button" className="btn btn--ghost" onClick={() => go(-1)} aria-label={t('bonusPage.carousel.previous')}>
            ‹
          </button>
          <span aria-hidden="true">
            {index + 1} / {banners.length}
          </span>
          <button type="button" className="btn btn--ghost" onClick={() => go(1)} aria-label={t('bonusPage.carousel.next')}>
            ›
          </button>
        </div>
      )}
    </div>
  );
}

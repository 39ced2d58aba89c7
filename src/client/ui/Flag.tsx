import type { Locale } from '../../contract/constants';

/** Small flags for the language dropdown, drawn by hand. English uses a neutral globe mark. */
export function Flag({ locale }: { locale: Locale }) {
  if (locale === 'th') {
    return (
      <svg className="flag" viewBox="0 0 30 20" aria-hidden="true" focusable="false">
        <rect width="30" height="20" fill="#a51931" />
        <rect y="3.33" width="30" height="13.34" fill="#f4f5f8" />
        <rect y="6.67" width="30" height="6.66" fill="#2d2a4a" />
      </svg>
    );
  }
  if (locale === 'la') {
    return (
      <svg className="flag" viewBox="0 0 30 20" aria-hidden="true" focusable="false">
        <rect width="30" height="20" fill="#ce1126" />
        <rect y="5" width="30" height="10" fill="#002868" />
        <circle cx="15" cy="10" r="4" fill="#fff" />
      </svg>
    );
  }
  return (
    <svg className="flag" viewBox="0 0 30 20" aria-hidden="true" focusable="false">
      <rect width="30" height="20" fill="#1d3b8f" />
      <circle cx="15" cy="10" r="6.5" fill="none" stroke="#fff" strokeWidth="1.2" />
      <path d="M8.5 10h13M15 3.5c2 2 3 4.2 3 6.5s-1 4.5-3 6.5c-2-2-3-4.2-3-6.5s1-4.5 3-6.5z" fill="none" stroke="#fff" strokeWidth="1.2" />
    </svg>
  );
}

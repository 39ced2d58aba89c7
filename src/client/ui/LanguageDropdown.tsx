import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../contract/constants';
import { changeLocale, currentLocale, preloadLocales } from '../i18n';
import { Flag } from './Flag';
import { CheckIcon, ChevronDownIcon } from './icons';
import './languageDropdown.css';

/** The th / la / en switch; the choice is stored and survives a reload. */
export function LanguageDropdown() {
  const { t, i18n } = useTranslation();
  const current = currentLocale(i18n.language);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    preloadLocales();
    rootRef.current?.querySelector<HTMLButtonElement>('[aria-checked="true"]')?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const choose = (locale: Locale) => {
    setOpen(false);
    triggerRef.current?.focus();
    // A language whose strings cannot be fetched (offline) leaves the page as it is.
    if (locale !== current) changeLocale(locale).catch(() => undefined);
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(rootRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      triggerRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="lang" ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className="lang__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('languages.current', { name: t(`languages.${current}`) })}
        data-testid="language-trigger"
        onClick={() => setOpen((was) => !was)}
      >
        <Flag locale={current} />
        <span className="lang__name">{t(`languages.${current}`)}</span>
        <ChevronDownIcon size={16} className={`lang__chevron${open ? ' is-open' : ''}`} />
      </button>
      {open && (
        <div id={menuId} role="menu" aria-label={t('languages.label')} className="lang__menu" onKeyDown={onMenuKey}>
          {LOCALES.map((locale) => (
            <button
              key={locale}
              type="button"
              role="menuitemradio"
              aria-checked={locale === current}
              lang={locale === 'la' ? 'lo' : locale}
              className="lang__option"
              data-locale={locale}
              onClick={() => choose(locale)}
            >
              <Flag locale={locale} />
              <span className="lang__name">{t(`languages.${locale}`)}</span>
              {locale === current && <CheckIcon size={16} className="lang__check" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

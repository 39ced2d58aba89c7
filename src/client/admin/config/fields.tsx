import { useContext, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_IMAGE, LOCALES, type BannerValue, type Locale, type LocalizedTextValue, type PerCurrencyAmountValue } from '../../../contract';
import { errorCodeOf, errorText } from '../../api/errors';
import { useToast } from '../../ui/toastContext';
import { adminUploadImage } from '../api';
import { OperatorContext } from '../session';
import { PhonePreview } from './PhonePreview';
import { useConfigReadOnly } from './readOnly';

/**
 * The fields configuration pages are made of. Every field is labelled for screen readers;
 * texts are entered in th, la and en side by side (stacked on a phone).
 */

const LANGUAGE_NAMES: Record<Locale, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };

function Labelled({ id, label, hint, children }: { id: string; label: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="field config-field">
      <label htmlFor={id} className="field__label">{label}</label>
      {children}
      {hint && <p className="field__hint">{hint}</p>}
    </div>
  );
}

export function TextField({ label, value, onChange, maxLength = 200, hint, readOnly }: {
  label: string; value: string; onChange: (v: string) => void; maxLength?: number; hint?: ReactNode; readOnly?: boolean;
}) {
  const id = useId();
  const locked = useConfigReadOnly() || readOnly;
  return (
    <Labelled id={id} label={label} hint={hint}>
      <div className="field__control"><input id={id} className="field__input" value={value} maxLength={maxLength} readOnly={locked} onChange={(e) => onChange(e.target.value)} /></div>
    </Labelled>
  );
}

export function NumberField({ label, value, onChange, min, max, step = 1, hint, suffix }: {
  label: string; value: number | null; onChange: (v: number | null) => void; min?: number; max?: number; step?: number; hint?: ReactNode; suffix?: string;
}) {
  const id = useId();
  const locked = useConfigReadOnly();
  return (
    <Labelled id={id} label={label} hint={hint}>
      <div className="field__control">
        <input id={id} className="field__input" type="number" inputMode="decimal" min={min} max={max} step={step} readOnly={locked}
          value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))} />
        {suffix && <span className="config-field__suffix">{suffix}</span>}
      </div>
    </Labelled>
  );
}

/** An amount in each currency (decimal baht and kip). */
export function AmountField({ label, value, onChange, hint }: { label: string; value: PerCurrencyAmountValue; onChange: (v: PerCurrencyAmountValue) => void; hint?: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="config-group" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="field__label">{label}</legend>
      <div className="config-row">
        {(['BAHT', 'LAK'] as const).map((currency) => (
          <NumberField key={currency} label={t(`admin.config.currency.${currency}`)} value={value[currency]} min={0}
            step={currency === 'LAK' ? 1 : 0.01} onChange={(v) => onChange({ ...value, [currency]: v ?? 0 })} />
        ))}
      </div>
      {hint && <p id={`${id}-hint`} className="field__hint">{hint}</p>}
    </fieldset>
  );
}

export function SwitchField({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: ReactNode }) {
  const id = useId();
  const locked = useConfigReadOnly();
  return (
    <div className="config-switch">
      <input id={id} type="checkbox" role="switch" className="config-switch__input" checked={checked} disabled={locked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className="config-switch__label">{label}</label>
      {hint && <p className="field__hint">{hint}</p>}
    </div>
  );
}

export function SelectField<V extends string>({ label, value, options, optionLabel, onChange }: {
  label: string; value: V; options: readonly V[]; optionLabel: (v: V) => string; onChange: (v: V) => void;
}) {
  const id = useId();
  const locked = useConfigReadOnly();
  return (
    <Labelled id={id} label={label}>
      <select id={id} className="admin-select" value={value} disabled={locked} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => <option key={o} value={o}>{optionLabel(o)}</option>)}
      </select>
    </Labelled>
  );
}

/** A date and time in the operator's time zone; the value is an ISO instant, or null for none. */
export function DateTimeField({ label, value, onChange, hint }: { label: string; value: string | null; onChange: (v: string | null) => void; hint?: ReactNode }) {
  const id = useId();
  const locked = useConfigReadOnly();
  const local = value ? toLocalInput(new Date(value)) : '';
  return (
    <Labelled id={id} label={label} hint={hint}>
      <div className="field__control">
        <input id={id} className="field__input" type="datetime-local" value={local} readOnly={locked}
          onChange={(e) => onChange(e.target.value ? new Date(e.target.value).toISOString() : null)} />
      </div>
    </Labelled>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const toLocalInput = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** A text in each language, side by side; `multiline` for paragraphs. */
export function LocalizedTextField({ label, value, onChange, multiline = false, maxLength = 2_000 }: {
  label: string; value: LocalizedTextValue; onChange: (v: LocalizedTextValue) => void; multiline?: boolean; maxLength?: number;
}) {
  const id = useId();
  const locked = useConfigReadOnly();
  return (
    <fieldset className="config-group">
      <legend className="field__label">{label}</legend>
      <div className="config-languages">
        {LOCALES.map((locale) => (
          <div key={locale} className="field">
            <label htmlFor={`${id}-${locale}`} className="config-language">{LANGUAGE_NAMES[locale]}</label>
            <div className={`field__control${multiline ? ' config-area' : ''}`}>
              {multiline
                ? <textarea id={`${id}-${locale}`} lang={locale} className="field__input config-area__input" rows={5} maxLength={maxLength} value={value[locale]} readOnly={locked}
                    onChange={(e) => onChange({ ...value, [locale]: e.target.value })} />
                : <input id={`${id}-${locale}`} lang={locale} className="field__input" maxLength={maxLength} value={value[locale]} readOnly={locked}
                    onChange={(e) => onChange({ ...value, [locale]: e.target.value })} />}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Operator html in each language, with how members will see it (sanitised by the server) at a phone's width. */
export function HtmlField({ label, value, onChange, maxLength = 20_000 }: { label: string; value: LocalizedTextValue; onChange: (v: LocalizedTextValue) => void; maxLength?: number }) {
  return (
    <div className="config-html">
      <LocalizedTextField label={label} value={value} onChange={onChange} multiline maxLength={maxLength} />
      <PhonePreview html={value} />
    </div>
  );
}

const EMPTY_TEXT: LocalizedTextValue = { th: '', la: '', en: '' };

/** Banners: each an image (an asset, an uploaded image or an https address) and its html. */
export function BannerListField({ label, value, onChange }: { label: string; value: BannerValue[]; onChange: (v: BannerValue[]) => void }) {
  const { t } = useTranslation();
  const set = (index: number, banner: BannerValue) => onChange(value.map((b, i) => (i === index ? banner : b)));
  const move = (index: number, by: number) => {
    const next = [...value];
    const [banner] = next.splice(index, 1);
    next.splice(index + by, 0, banner);
    onChange(next);
  };
  return (
    <fieldset className="config-group config-banners">
      <legend className="field__label">{label}</legend>
      {value.length === 0 && <p className="admin-note">{t('admin.config.noBanners')}</p>}
      {value.map((banner, index) => (
        <div key={index} className="config-banner panel" data-testid="config-banner">
          <div className="config-banner__head">
            <strong>{t('admin.config.bannerNumber', { n: index + 1 })}</strong>
            <div className="admin-actions">
              <button type="button" className="btn btn--ghost" disabled={index === 0} onClick={() => move(index, -1)}>{t('admin.config.moveUp')}</button>
              <button type="button" className="btn btn--ghost" disabled={index === value.length - 1} onClick={() => move(index, 1)}>{t('admin.config.moveDown')}</button>
              <button type="button" className="btn btn--ghost" onClick={() => onChange(value.filter((_, i) => i !== index))}>{t('admin.config.remove')}</button>
            </div>
          </div>
          <div className="config-banner__image">
            {banner.image ? <img src={banner.image} alt="" data-testid="config-banner-image" /> : <span className="config-banner__noimage" aria-hidden="true" />}
            <div className="config-banner__address">
              <TextField label={t('admin.config.bannerImage')} value={banner.image} maxLength={500} hint={t('admin.config.bannerImageHint')}
                onChange={(image) => set(index, { ...banner, image })} />
              <ImageUploadButton onUploaded={(image) => set(index, { ...banner, image })} />
            </div>
          </div>
          <HtmlField label={t('admin.config.bannerText')} value={banner.html} onChange={(html) => set(index, { ...banner, html })} />
        </div>
      ))}
      <button type="button" className="btn btn--ghost config-add" onClick={() => onChange([...value, { image: '', html: { ...EMPTY_TEXT } }])}>
        {t('admin.config.addBanner')}
      </button>
    </fieldset>
  );
}

const IMAGE_TYPES = Object.keys(CONTENT_IMAGE.types).join(',');

/**
 * Uploads a banner image (png, jpeg, webp or gif, at most CONTENT_IMAGE.maxBytes; the server
 * checks its bytes) and gives its address. Shown to operators who may change the configuration
 * (and nowhere outside the console's shell).
 */
export function ImageUploadButton({ onUploaded }: { onUploaded: (image: string) => void }) {
  const session = useContext(OperatorContext);
  return session?.can('config.edit') ? <ImageUploader onUploaded={onUploaded} /> : null;
}

function ImageUploader({ onUploaded }: { onUploaded: (image: string) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > CONTENT_IMAGE.maxBytes) {
      toast.error(errorText(t, 'FILE_TOO_LARGE'));
      return;
    }
    setBusy(true);
    try {
      onUploaded(await adminUploadImage(file));
      toast.success(t('admin.config.imageUploaded'));
    } catch (e) {
      toast.error(errorText(t, errorCodeOf(e)));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="config-upload">
      <input ref={input} type="file" accept={IMAGE_TYPES} hidden tabIndex={-1} aria-hidden="true" data-testid="config-image-file"
        onChange={(e) => void upload(e.target.files?.[0])} />
      <button type="button" className="btn btn--ghost config-upload__button" disabled={busy} aria-busy={busy} data-testid="config-image-upload"
        onClick={() => input.current?.click()}>
        {busy ? t('admin.config.uploadingImage') : t('admin.config.uploadImage')}
      </button>
      <span className="field__hint">{t('admin.config.uploadImageHint', { mb: CONTENT_IMAGE.maxBytes / 1024 / 1024 })}</span>
    </div>
  );
}

/** A list of numbers typed as "50, 100, 300"; the text is kept as typed while the value follows it. */
export function NumberListField({ label, value, onChange, hint }: { label: string; value: number[]; onChange: (v: number[]) => void; hint?: ReactNode }) {
  const id = useId();
  const locked = useConfigReadOnly();
  const parse = (s: string) => s.split(/[,\s]+/).filter(Boolean).map(Number);
  const [text, setText] = useState(value.join(', '));
  // Another value from outside (a reset, another item) replaces what is shown; typing does not.
  const key = JSON.stringify(value);
  if (key !== JSON.stringify(parse(text))) setText(value.join(', '));
  return (
    <Labelled id={id} label={label} hint={hint}>
      <div className="field__control">
        <input id={id} className="field__input" inputMode="decimal" value={text} maxLength={200} readOnly={locked}
          onChange={(e) => { setText(e.target.value); onChange(parse(e.target.value)); }} />
      </div>
    </Labelled>
  );
}

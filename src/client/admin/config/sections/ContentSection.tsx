import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  contentConfig, COUNTRIES, HOWTO_TOPICS, LOCALES,
  type AgreementsContent, type ConditionsContent, type ContactContent, type ContentConfig, type Country, type HowtoContent,
  type Locale, type LocalizedTextValue, type NoticeContent,
} from '../../../../contract';
import { fetchStrings } from '../../../i18n/catalogues';
import { LoadState, StatusTabs } from '../../parts';
import { useDraft } from '../draft';
import { HtmlField, LocalizedTextField, NumberField, SwitchField, TextField } from '../fields';
import { SaveBar } from '../SaveBar';
import { useConfigSection } from '../useConfigSection';

const PAGES = ['contact', 'conditions', 'agreements', 'notice', 'howto'] as const;
type Page = (typeof PAGES)[number];
const EMPTY: LocalizedTextValue = { th: '', la: '', en: '' };
const LANGUAGE_NAMES: Record<Locale, string> = { th: 'ไทย', la: 'ລາວ', en: 'English' };

/**
 * The texts members read: pick a page and a country, write each text in th, la and en side by
 * side, and see the html as a member will at a phone's width (sanitised by the server). Texts
 * apply at once.
 */
export function ContentSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState<Page>('contact');
  const [country, setCountry] = useState<Country>('TH');
  const target = page === 'howto' ? 'howto' : `${page}.${country}`;
  const section = useConfigSection('content', contentConfig);
  const current = section.items.find((i) => i.target === target)?.value ?? null;
  const { draft, set, reset, settle, dirty, problems } = useDraft<ContentConfig>(current, contentConfig);
  // The version the agreement has now: a new text may ask every member to accept again (one more).
  const appliedVersion = current?.kind === 'agreements' ? current.version : 1;

  return (
    <section className="config-section" aria-labelledby="config-content-title">
      <h2 id="config-content-title">{t('admin.config.sections.content')}</h2>
      <p className="admin-note">{t('admin.config.content.help')}</p>
      <div className="config-content__pick">
        <span className="field__label" aria-hidden="true">{t('admin.config.content.page')}</span>
        <div role="group" aria-label={t('admin.config.content.page')}>
          <StatusTabs value={page} options={PAGES} label={(p) => t(`admin.config.content.pages.${p}`)} onChange={(p) => { setPage(p); settle(); }} />
        </div>
      </div>
      {page !== 'howto' && (
        <div className="config-content__pick">
          <span className="field__label" aria-hidden="true">{t('admin.config.content.country')}</span>
          <div role="group" aria-label={t('admin.config.content.country')}>
            <StatusTabs value={country} options={COUNTRIES} label={(c) => t(`admin.config.content.countries.${c}`)} onChange={(c) => { setCountry(c); settle(); }} />
          </div>
        </div>
      )}
      <LoadState error={section.error} loading={section.loading} empty={false} />
      {draft && (
        <form className="config-form panel" onSubmit={(e) => e.preventDefault()} data-testid={`config-content-${page}`}>
          {draft.kind === 'contact' && <ContactForm value={draft} onChange={set} />}
          {draft.kind === 'conditions' && <ConditionsForm value={draft} onChange={set} />}
          {draft.kind === 'agreements' && <AgreementsForm value={draft} applied={appliedVersion} onChange={set} />}
          {draft.kind === 'notice' && <NoticeForm value={draft} onChange={set} />}
          {draft.kind === 'howto' && <HowtoForm value={draft} onChange={set} />}
          <SaveBar canEdit={section.canEdit} movesMoney={false} dirty={dirty} busy={section.busy} problems={problems}
            onReset={reset} onSave={() => void section.save(target, draft).then((c) => c && settle())} />
        </form>
      )}
    </section>
  );
}

function ContactForm({ value, onChange }: { value: ContactContent; onChange: (v: ContactContent) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <LocalizedTextField label={t('admin.config.content.contactText')} value={value.contactText} multiline maxLength={500}
        onChange={(contactText) => onChange({ ...value, contactText })} />
      <div className="admin-form__grid">
        <TextField label={t('admin.config.content.lineName')} value={value.lineName} maxLength={100} onChange={(lineName) => onChange({ ...value, lineName })} />
        <TextField label={t('admin.config.content.lineLink')} value={value.lineLink} maxLength={500} hint={t('admin.config.content.lineLinkHint')}
          onChange={(lineLink) => onChange({ ...value, lineLink })} />
        <TextField label={t('admin.config.content.lineQR')} value={value.lineQR} maxLength={500} hint={t('admin.config.bannerImageHint')}
          onChange={(lineQR) => onChange({ ...value, lineQR })} />
      </div>
      {value.lineQR && <img className="config-content__qr" src={value.lineQR} alt={t('admin.config.content.lineQR')} width={120} height={120} />}
    </>
  );
}

/** Paragraphs of html, each in every language with its preview; in the order members read them. */
function ParagraphList({ items, onChange }: { items: LocalizedTextValue[]; onChange: (items: LocalizedTextValue[]) => void }) {
  const { t } = useTranslation();
  const move = (index: number, by: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    onChange(next);
  };
  return (
    <>
      {items.length === 0 && <p className="admin-note">{t('admin.config.content.noParagraphs')}</p>}
      {items.map((item, index) => (
        <div key={index} className="config-banner panel" data-testid="config-paragraph">
          <div className="config-banner__head">
            <strong>{t('admin.config.content.paragraph', { n: index + 1 })}</strong>
            <div className="admin-actions">
              <button type="button" className="btn btn--ghost" disabled={index === 0} onClick={() => move(index, -1)}>{t('admin.config.moveUp')}</button>
              <button type="button" className="btn btn--ghost" disabled={index === items.length - 1} onClick={() => move(index, 1)}>{t('admin.config.moveDown')}</button>
              <button type="button" className="btn btn--ghost" onClick={() => onChange(items.filter((_, i) => i !== index))}>{t('admin.config.remove')}</button>
            </div>
          </div>
          <HtmlField label={t('admin.config.content.paragraphText')} value={item} maxLength={5_000}
            onChange={(text) => onChange(items.map((old, i) => (i === index ? text : old)))} />
        </div>
      ))}
      <button type="button" className="btn btn--ghost config-add" disabled={items.length >= 30} onClick={() => onChange([...items, { ...EMPTY }])}>
        {t('admin.config.content.addParagraph')}
      </button>
      <p className="field__hint">{t('admin.config.content.emptyLanguage')}</p>
    </>
  );
}

function ConditionsForm({ value, onChange }: { value: ConditionsContent; onChange: (v: ConditionsContent) => void }) {
  return <ParagraphList items={value.items} onChange={(items) => onChange({ ...value, items })} />;
}

function AgreementsForm({ value, applied, onChange }: { value: AgreementsContent; applied: number; onChange: (v: AgreementsContent) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="admin-note" data-testid="config-agreement-version">{t('admin.config.content.version', { version: applied })}</p>
      <SwitchField label={t('admin.config.content.askAgain')} hint={t('admin.config.content.askAgainHint', { version: applied + 1 })}
        checked={value.version > applied} onChange={(again) => onChange({ ...value, version: again ? applied + 1 : applied })} />
      <ParagraphList items={value.items} onChange={(items) => onChange({ ...value, items })} />
    </>
  );
}

function NoticeForm({ value, onChange }: { value: NoticeContent; onChange: (v: NoticeContent) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <LocalizedTextField label={t('admin.config.content.noticeText')} value={value.text} multiline maxLength={1_000} onChange={(text) => onChange({ ...value, text })} />
      <p className="field__hint">{t('admin.config.content.noticeHint')}</p>
      <div className="admin-form__grid">
        <NumberField label={t('admin.config.content.percentFail')} hint={t('admin.config.content.percentFailHint')} value={value.percentFail} min={0} max={100}
          suffix="%" onChange={(percentFail) => onChange({ ...value, percentFail: percentFail ?? 0 })} />
      </div>
    </>
  );
}

type PageTexts = { title: string; subtitle: string; topics: Record<string, string>; summaries: Record<string, string> };

/** The how-to page's own texts in every language (the member app's strings), shown where the operator leaves a text empty. */
function usePageTexts(): Partial<Record<Locale, PageTexts>> {
  const [texts, setTexts] = useState<Partial<Record<Locale, PageTexts>>>({});
  useEffect(() => {
    let live = true;
    for (const locale of LOCALES) {
      fetchStrings(locale, 'rest').then((strings) => {
        if (live && strings.howto) setTexts((old) => ({ ...old, [locale]: strings.howto as PageTexts }));
      }, () => undefined);
    }
    return () => { live = false; };
  }, []);
  return texts;
}

function Defaults({ texts, pick }: { texts: Partial<Record<Locale, PageTexts>>; pick: (texts: PageTexts) => string | undefined }) {
  const { t } = useTranslation();
  const shown = LOCALES.flatMap((l) => { const text = texts[l] && pick(texts[l]); return text ? [`${LANGUAGE_NAMES[l]}: ${text}`] : []; });
  return shown.length > 0 ? <p className="field__hint">{t('admin.config.content.pageOwn', { texts: shown.join(' · ') })}</p> : null;
}

function HowtoForm({ value, onChange }: { value: HowtoContent; onChange: (v: HowtoContent) => void }) {
  const { t } = useTranslation();
  const own = usePageTexts();
  return (
    <>
      <p className="admin-note">{t('admin.config.content.howtoHelp')}</p>
      <LocalizedTextField label={t('admin.config.content.howtoTitle')} value={value.title} maxLength={100} onChange={(title) => onChange({ ...value, title })} />
      <Defaults texts={own} pick={(p) => p.title} />
      <LocalizedTextField label={t('admin.config.content.howtoSubtitle')} value={value.subtitle} maxLength={300} onChange={(subtitle) => onChange({ ...value, subtitle })} />
      <Defaults texts={own} pick={(p) => p.subtitle} />
      {HOWTO_TOPICS.map((topic, index) => (
        <fieldset key={topic} className="config-group" data-testid={`config-howto-${topic}`}>
          <legend className="field__label">{t('admin.config.content.topic', { n: index + 1 })}</legend>
          <LocalizedTextField label={t('admin.config.content.topicTitle')} value={value.topics[topic].title} maxLength={100}
            onChange={(title) => onChange({ ...value, topics: { ...value.topics, [topic]: { ...value.topics[topic], title } } })} />
          <Defaults texts={own} pick={(p) => p.topics[topic]} />
          <LocalizedTextField label={t('admin.config.content.topicSummary')} value={value.topics[topic].summary} maxLength={300} multiline
            onChange={(summary) => onChange({ ...value, topics: { ...value.topics, [topic]: { ...value.topics[topic], summary } } })} />
          <Defaults texts={own} pick={(p) => p.summaries[topic]} />
        </fieldset>
      ))}
    </>
  );
}

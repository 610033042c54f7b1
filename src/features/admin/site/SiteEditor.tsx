// « Paramètres du site » (/admin/site): the business's identity, the public pages' texts and
// photos (GET / PUT /api/site, issue 14). One form, grouped fields with their French messages,
// the spec's banners, the unsaved-changes guard, and a link to the site.
import { useId, useMemo, type ReactNode } from 'react';
import { useForm, useFormState } from 'react-final-form';
import { useGetSiteQuery, useUpdateSiteMutation, type SiteSettings, type SiteSettingsEn } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { englishField } from '../english';
import { FormField } from '../navigator/FormField';
import { outcomeOf } from '../navigator/outcome';
import type { FieldSpec } from '../navigator/types';
import { useLeaveGuard } from '../navigator/useLeaveGuard';
import { validateSite, type FormValues } from '../validation';
import { SettingsForm, TargetField, trimmed, useTargets } from './SettingsForm';

const t = messages.admin.site;
const f = t.fields;
const MAX_SOCIAL = 5;
const MAX_FOOTER_SERVICES = 8;

/**
 * The English texts as the form shows them (issue 27): every text present ('' when not
 * translated, and all of them for a read without En), a card and a service for each French one;
 * the footer's English services as they are (none: the English footer shows the French ones).
 */
function englishOf({ En: en, Specialties, AboutServices }: SiteSettings): SiteSettingsEn {
  const paired = (english: SiteSettingsEn['Specialties'] | undefined, french: unknown[]) =>
    french.map((_, i) => ({ Title: String(english?.[i]?.Title ?? ''), Text: String(english?.[i]?.Text ?? '') }));
  return {
    AreaServed: en?.AreaServed ?? '',
    WelcomeTagline: en?.WelcomeTagline ?? '',
    WelcomeIntro: en?.WelcomeIntro ?? '',
    Specialties: paired(en?.Specialties, Specialties),
    AboutIntro: en?.AboutIntro ?? '',
    AboutServices: paired(en?.AboutServices, AboutServices),
    FooterServices: en?.FooterServices ?? [],
    HoursNote: en?.HoursNote ?? '',
  };
}

/** The form's values: the settings as GET answers them, without what the server adds (PhotoMedia), with every English text. */
const toForm = ({ PhotoMedia: _media, ...site }: SiteSettings): FormValues => ({
  ...site,
  Since: String(site.Since),
  RbqLicence: site.RbqLicence ?? '',
  Hours: site.Hours ?? [[], [], [], [], [], [], []],
  HoursNote: site.HoursNote ?? '',
  En: englishOf(site),
});
const fromForm = (values: FormValues): SiteSettings => trimmed({ ...(values as unknown as SiteSettings), Since: Number(values.Since) });

/** A changed field's label in « Historique »: the server names it by its path, places counted from 1 (WelcomeTagline, Specialties.1.Title, Hours.1.2.Open: Monday's second range, En.AboutIntro). */
export function siteFieldLabel(field: string): string | undefined {
  const english = field.startsWith('En.');
  const [name = '', first = '', second = '', third = ''] = (english ? field.slice(3) : field).split('.');
  const n = Number(first);
  const named = f[name as keyof typeof f];
  const day = t.days[n - 1] ?? '';
  const labels: Record<string, Record<string, string> | undefined> = {
    Specialties: { Title: f.cardTitle(n), Text: f.cardText(n), Target: f.cardTarget(n) },
    AboutServices: { Title: f.serviceTitle(n), Text: f.serviceText(n) },
    Social: { Network: f.Network(n), Url: f.Url(n) },
    Hours: { Open: f.open(day, Number(second)), Close: f.close(day, Number(second)) },
  };
  const label = typeof named === 'string' ? named : name === 'FooterServices' ? f.footerService(n) : labels[name]?.[name === 'Hours' ? third : second];
  return label && english ? messages.admin.english.label(label) : label;
}

export function SiteEditor() {
  const site = useGetSiteQuery();
  const [update] = useUpdateSiteMutation();
  // The same object while the settings are (a new one would reset the form).
  const initialValues = useMemo(() => site.data && toForm(site.data), [site.data]);
  return (
    <SettingsForm
      title={t.title}
      intro={t.intro}
      loadError={t.loadError}
      initialValues={initialValues}
      isError={site.isError}
      validate={validateSite}
      history="site"
      historyLabel={siteFieldLabel}
      save={async (values) => outcomeOf(await update({ siteSettings: fromForm(values) }))}
    >
      <SiteFields />
    </SettingsForm>
  );
}

/** The fields whose label is the one of their name. */
type NamedField = { [K in keyof typeof f]: (typeof f)[K] extends string ? K : never }[keyof typeof f];
const text = (name: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({ name, label, kind: 'text', ...extra });

function SiteFields() {
  const id = useId();
  const { values, dirty } = useFormState<FormValues>({ subscription: { values: true, dirty: true } });
  const cards = useTargets('gallery');
  useLeaveGuard(dirty === true);
  const social = (values.Social as SiteSettings['Social'] | undefined) ?? [];
  const footer = (values.FooterServices as string[] | undefined) ?? [];
  const footerEn = ((values.En as SiteSettingsEn | undefined)?.FooterServices as string[] | undefined) ?? [];
  const hours = (values.Hours as SiteSettings['Hours']) ?? [];
  const field = (spec: FieldSpec) => <FormField key={spec.name} spec={spec} idPrefix={id} disabled={false} />;
  /** A field, and its English one under it. */
  const translated = (spec: FieldSpec) => [field(spec), field(englishField(spec))];
  /** Text fields labelled by their name's own label. */
  const texts = (...names: NamedField[]) => names.map((name) => field(text(name, f[name])));
  const longText = (name: string, label: string, hint?: string): FieldSpec => ({ name, label, kind: 'textarea', ...(hint ? { hint } : {}) });

  return (
    <>
      <fieldset>
        <legend>{t.groups.business}</legend>
        {texts('BusinessName', 'OwnerName', 'Since')}
      </fieldset>
      <fieldset>
        <legend>{t.groups.contact}</legend>
        {field(text('Phone', f.Phone, { hint: t.hints.Phone, autoComplete: 'off' }))}
        {field({ name: 'InfoEmail', label: f.InfoEmail, kind: 'email' })}
        {field({ name: 'QuotesEmail', label: f.QuotesEmail, kind: 'email' })}
        {texts('Street', 'City', 'Province', 'PostalCode')}
        {translated(text('AreaServed', f.AreaServed))}
      </fieldset>
      <fieldset>
        <legend>{t.groups.hours}</legend>
        {field(text('RbqLicence', f.RbqLicence, { hint: t.hints.RbqLicence }))}
        <p className="admin-hint">{t.hints.hours}</p>
        {t.days.map((day, d) => (
          <div className="admin-row" key={day} role="group" aria-label={day}>
            <Rows name={`Hours[${d}]`} items={hours[d] ?? []} min={0} max={2} blank={{ Open: '', Close: '' }} removeLabel={t.removeRange(day)} addLabel={t.addRange(day)}>
              {(i) => (
                <>
                  {field(text(`Hours[${d}][${i}].Open`, f.open(day, i + 1), { hint: 'HH:MM' }))}
                  {field(text(`Hours[${d}][${i}].Close`, f.close(day, i + 1), { hint: 'HH:MM' }))}
                </>
              )}
            </Rows>
          </div>
        ))}
        {translated(text('HoursNote', f.HoursNote, { hint: t.hints.HoursNote }))}
      </fieldset>
      <fieldset>
        <legend>{t.groups.social}</legend>
        <Rows name="Social" items={social} max={MAX_SOCIAL} blank={{ Network: '', Url: '' }} removeLabel={t.removeSocial} addLabel={t.addSocial}>
          {(i) => (
            <>
              {field(text(`Social[${i}].Network`, f.Network(i + 1)))}
              {field({ name: `Social[${i}].Url`, label: f.Url(i + 1), kind: 'text', autoComplete: 'url' })}
            </>
          )}
        </Rows>
      </fieldset>
      <fieldset>
        <legend>{t.groups.welcome}</legend>
        {translated(text('WelcomeTagline', f.WelcomeTagline))}
        {translated(longText('WelcomeIntro', f.WelcomeIntro))}
        <p className="admin-hint">{t.hints.specialties}</p>
        {[0, 1, 2].map((i) => (
          <div className="admin-row" key={i}>
            {translated(text(`Specialties[${i}].Title`, f.cardTitle(i + 1)))}
            {translated(longText(`Specialties[${i}].Text`, f.cardText(i + 1)))}
            <TargetField name={`Specialties[${i}].Target`} label={f.cardTarget(i + 1)} id={`${id}-card-${i}`} options={cards} />
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.groups.about}</legend>
        {translated(longText('AboutIntro', f.AboutIntro, t.hints.lines))}
        {[0, 1, 2].map((i) => (
          <div className="admin-row" key={i}>
            {translated(text(`AboutServices[${i}].Title`, f.serviceTitle(i + 1)))}
            {translated(longText(`AboutServices[${i}].Text`, f.serviceText(i + 1)))}
          </div>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.groups.footer}</legend>
        <Rows name="FooterServices" items={footer} max={MAX_FOOTER_SERVICES} blank="" removeLabel={t.removeFooterService} addLabel={t.addFooterService}>
          {(i) => field(text(`FooterServices[${i}]`, f.footerService(i + 1)))}
        </Rows>
        <p className="admin-hint">{t.hints.footerEn}</p>
        <Rows name="En.FooterServices" items={footerEn} min={0} max={MAX_FOOTER_SERVICES} blank="" removeLabel={t.removeFooterServiceEn} addLabel={t.addFooterServiceEn}>
          {(i) => field(text(`En.FooterServices[${i}]`, messages.admin.english.label(f.footerService(i + 1))))}
        </Rows>
      </fieldset>
      <fieldset>
        <legend>{t.groups.photos}</legend>
        {field({ name: 'WelcomePhoto', label: f.WelcomePhoto, kind: 'image', hint: messages.admin.fields.imageHint })}
        {field({ name: 'AboutPhoto', label: f.AboutPhoto, kind: 'image', hint: messages.admin.fields.imageHint })}
        {field({ name: 'ContactPhoto', label: f.ContactPhoto, kind: 'image', hint: messages.admin.fields.imageHint })}
      </fieldset>
    </>
  );
}

interface RowsProps<T> {
  /** The list's name in the form. */
  name: string;
  items: T[];
  /** The fewest items (the remove buttons go below it); 1 unless said. */
  min?: number;
  max: number;
  /** A new item. */
  blank: T;
  removeLabel(number: number): string;
  addLabel: string;
  /** The fields of the i-th item. */
  children(i: number): ReactNode;
}

/** A list the owner lengthens and shortens: a row of fields an item, each with its remove button while there are more than `min`, and an add button below `max`. */
function Rows<T>({ name, items, min = 1, max, blank, removeLabel, addLabel, children }: RowsProps<T>) {
  const form = useForm<FormValues>();
  return (
    <>
      {items.map((_item, i) => (
        <div className="admin-row" key={i}>
          {children(i)}
          {items.length > min && (
            <button type="button" className="admin-remove" onClick={() => form.change(name, items.filter((_, j) => j !== i))}>
              {removeLabel(i + 1)}
            </button>
          )}
        </div>
      ))}
      {items.length < max && (
        <button type="button" onClick={() => form.change(name, [...items, blank])}>
          {addLabel}
        </button>
      )}
    </>
  );
}

// « Menu » (/admin/menu): the site's menu as the owner orders it (GET /api/menu/all/, PUT
// /api/menu, issue 14): drop-downs with a title and their entries, the right-side links; each
// entry a label and a page picked from the list; « Monter » / « Descendre » move an item (the
// focus follows it). An entry whose page was deleted says so: visitors do not see it.
import { useId, useMemo } from 'react';
import { useForm, useFormState } from 'react-final-form';
import { useGetMenuForEditQuery, useUpdateMenuMutation, type Menu, type MenuDropdown, type MenuLink } from '../../../api/adminApi';
import { messages } from '../../../messages/withAdmin';
import { withEnglish } from '../english';
import { FormField } from '../navigator/FormField';
import { outcomeOf } from '../navigator/outcome';
import { useLeaveGuard } from '../navigator/useLeaveGuard';
import { validateMenu, type FormValues } from '../validation';
import { moved, Moves, useFocusFollows } from '../Moves';
import { SettingsForm, TargetField, trimmed, useTargets, type TargetOption } from './SettingsForm';

const t = messages.admin.siteMenu;
const MAX_DROPDOWNS = 6;
const MAX_ENTRIES = 12;
const MAX_LINKS = 4;

/** An entry's or a link's English label, a drop-down's English title: '' when not translated (or read without En, or new). */
const englishLink = (link: MenuLink) => ({ Label: String(link.En?.Label ?? '') });
const englishTitle = (dropdown: MenuDropdown) => ({ Title: String(dropdown.En?.Title ?? '') });

/** The form's values: the menu as read, every English text present. */
const toForm = (menu: Menu): FormValues => {
  const link = (entry: MenuLink): MenuLink => ({ ...entry, En: englishLink(entry) });
  return { Dropdowns: menu.Dropdowns.map((d) => ({ ...d, En: englishTitle(d), Entries: d.Entries.map(link) })), Links: menu.Links.map(link) };
};

/** What is sent: the menu as edited, with its English texts, without the server's Missing marks. */
const fromForm = (values: FormValues): Menu => {
  const menu = values as unknown as Menu;
  const link = (entry: MenuLink): MenuLink => ({ Label: entry.Label, Href: entry.Href, En: englishLink(entry) });
  return trimmed({ Dropdowns: menu.Dropdowns.map((d) => ({ Title: d.Title, En: englishTitle(d), Entries: d.Entries.map(link) })), Links: menu.Links.map(link) });
};

/** A changed field's label in « Historique »: the server names it by its path, places counted from 1 (Dropdowns.1.Title, Dropdowns.2.Entries.3.En.Label, Links.1.Href). */
export function menuFieldLabel(field: string): string | undefined {
  const english = field.includes('.En.');
  const parts = field.replace('.En.', '.').split('.');
  const n = (i: number) => Number(parts[i]);
  const leaf = { Title: undefined, Label: t.label, Href: t.target }[parts[parts.length - 1] ?? ''];
  let label: string | undefined;
  if (parts[0] === 'Dropdowns' && parts[2] === 'Title') label = t.dropdownTitle(n(1));
  else if (parts[0] === 'Dropdowns' && parts[2] === 'Entries' && leaf) label = `${t.dropdown(n(1))}, ${t.entry(n(3))} : ${leaf}`;
  else if (parts[0] === 'Links' && leaf) label = `${t.link(n(1))} : ${leaf}`;
  return label && english ? messages.admin.english.label(label) : label;
}

export function MenuEditor() {
  const menu = useGetMenuForEditQuery(undefined, { refetchOnMountOrArgChange: true });
  const [update] = useUpdateMenuMutation();
  // The same object while the menu is (a new one would reset the form).
  const initialValues = useMemo(() => menu.data && toForm(menu.data), [menu.data]);
  return (
    <SettingsForm
      title={t.title}
      intro={t.intro}
      loadError={messages.admin.navigator.loadError}
      initialValues={initialValues}
      isError={menu.isError}
      validate={validateMenu}
      history="menu"
      historyLabel={menuFieldLabel}
      save={async (values) => outcomeOf(await update({ menu: fromForm(values) }))}
    >
      <MenuFields />
    </SettingsForm>
  );
}

function MenuFields() {
  const id = useId();
  const form = useForm<FormValues>();
  const { values, dirty } = useFormState<FormValues>({ subscription: { values: true, dirty: true } });
  useLeaveGuard(dirty === true);
  const targets = useTargets('site');
  const { Dropdowns: dropdowns = [], Links: links = [] } = values as unknown as Partial<Menu>;
  // After a move, the same button of the moved item takes the focus.
  const follow = useFocusFollows();
  const moveThen = (key: string, apply: () => void) => {
    const [item = '', direction] = key.split(':');
    follow(item, direction === 'up' ? 'up' : 'down', apply);
  };

  return (
    <>
      <fieldset>
        <legend>{t.dropdowns}</legend>
        {dropdowns.length === 0 && <p>{t.noDropdown}</p>}
        {dropdowns.map((dropdown, d) => (
          <fieldset key={d} className="admin-group">
            <legend>{t.dropdown(d + 1)}</legend>
            {withEnglish({ name: `Dropdowns[${d}].Title`, label: t.dropdownTitle(d + 1), kind: 'text' }, `Dropdowns[${d}].En.Title`).map((spec) => (
              <FormField key={spec.name} spec={spec} idPrefix={id} disabled={false} />
            ))}
            <Moves
              index={d}
              count={dropdowns.length}
              name={dropdown.Title || t.dropdown(d + 1)}
              keyOf={(to) => `d${to}`}
              onMove={(to) => moveThen(`d${to}:${to < d ? 'up' : 'down'}`, () => form.change('Dropdowns', moved(dropdowns, d, to)))}
            >
              <button type="button" className="admin-remove" onClick={() => form.change('Dropdowns', dropdowns.filter((_, j) => j !== d))}>
                {t.removeDropdown(dropdown.Title || t.dropdown(d + 1))}
              </button>
            </Moves>
            <ol className="admin-entries">
              {dropdown.Entries.map((entry, e) => (
                <Entry
                  key={e}
                  name={`Dropdowns[${d}].Entries[${e}]`}
                  id={`${id}-d${d}-e${e}`}
                  entry={entry}
                  index={e}
                  count={dropdown.Entries.length}
                  targets={targets?.filter((o) => o.value.startsWith('/typeslist/') || o.value.startsWith('/projecttype/')) ?? null}
                  moveKey={(to) => `d${d}e${to}`}
                  onMove={(to) =>
                    moveThen(`d${d}e${to}:${to < e ? 'up' : 'down'}`, () => form.change(`Dropdowns[${d}].Entries`, moved(dropdown.Entries, e, to)))
                  }
                  onRemove={dropdown.Entries.length > 1 ? () => form.change(`Dropdowns[${d}].Entries`, dropdown.Entries.filter((_, j) => j !== e)) : undefined}
                />
              ))}
            </ol>
            {dropdown.Entries.length < MAX_ENTRIES && (
              <button type="button" onClick={() => form.change(`Dropdowns[${d}].Entries`, [...dropdown.Entries, { Label: t.newEntry, Href: '' }])}>
                {t.addEntry}
              </button>
            )}
          </fieldset>
        ))}
        {dropdowns.length < MAX_DROPDOWNS && (
          <button type="button" onClick={() => form.change('Dropdowns', [...dropdowns, { Title: t.newDropdown, Entries: [{ Label: t.newEntry, Href: '' }] }])}>
            {t.addDropdown}
          </button>
        )}
      </fieldset>
      <fieldset>
        <legend>{t.links}</legend>
        <ol className="admin-entries">
          {links.map((link, l) => (
            <Entry
              key={l}
              name={`Links[${l}]`}
              id={`${id}-l${l}`}
              entry={link}
              index={l}
              count={links.length}
              targets={targets}
              moveKey={(to) => `l${to}`}
              onMove={(to) => moveThen(`l${to}:${to < l ? 'up' : 'down'}`, () => form.change('Links', moved(links, l, to)))}
              onRemove={() => form.change('Links', links.filter((_, j) => j !== l))}
            />
          ))}
        </ol>
        {links.length < MAX_LINKS && (
          <button type="button" onClick={() => form.change('Links', [...links, { Label: t.newEntry, Href: '' }])}>
            {t.addLink}
          </button>
        )}
      </fieldset>
    </>
  );
}

interface EntryProps {
  name: string;
  id: string;
  entry: MenuLink;
  index: number;
  count: number;
  targets: TargetOption[] | null;
  moveKey: (at: number) => string;
  onMove: (to: number) => void;
  onRemove?: () => void;
}

/** One entry or link: its label, its page, its warning when the page is gone, its buttons. */
function Entry({ name, id, entry, index, count, targets, moveKey, onMove, onRemove }: EntryProps) {
  const label = entry.Label || t.entry(index + 1);
  return (
    <li className={entry.Missing ? 'admin-entry admin-entry--missing' : 'admin-entry'}>
      {withEnglish({ name: `${name}.Label`, label: t.label, kind: 'text' }, `${name}.En.Label`).map((spec) => (
        <FormField key={spec.name} spec={spec} idPrefix={id} disabled={false} />
      ))}
      <TargetField name={`${name}.Href`} label={t.target} id={`${id}-href`} options={targets} />
      {entry.Missing && (
        <p className="admin-warning" role="note">
          {t.missing}
        </p>
      )}
      <Moves index={index} count={count} name={label} keyOf={moveKey} onMove={onMove}>
        {onRemove && (
          <button type="button" className="admin-remove" onClick={onRemove}>
            {name.startsWith('Links') ? t.removeLink(label) : t.removeEntry(label)}
          </button>
        )}
      </Moves>
    </li>
  );
}

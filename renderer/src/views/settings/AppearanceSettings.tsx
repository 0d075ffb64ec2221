import { useIntl } from 'react-intl';
import type { Settings } from '../../api/contract';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ChoiceGroup, Field, type Choice } from '../../components/Field';
import { SaveStatus } from '../../components/SaveStatus';
import { LOCALE_NAMES, LOCALES } from '../../i18n';
import { saveSettings } from '../../state/settings';
import { SettingsSection } from './SettingsSection';
import { useSectionDraft } from './use-section-draft';

type Theme = Settings['appearance']['theme'];
type LocaleChoice = Settings['language']['locale'];

const toTheme = (appearance: Settings['appearance']) => appearance.theme;
const toLocale = (language: Settings['language']) => language.locale;
const same = <T,>(a: T, b: T) => a === b;

/** Applies on choice: a theme and a language are seen at once, so there is nothing to confirm with a button. */
export function AppearanceSettings({ stored, language }: { stored: Settings['appearance']; language: Settings['language'] }) {
  const intl = useIntl();
  const theme = useSectionDraft(stored, toTheme, same);
  const locale = useSectionDraft(language, toLocale, same);
  const themeChoices: readonly Choice<Theme>[] = [
    { value: 'system', label: intl.formatMessage({ id: 'settings.appearance.theme.system' }) },
    { value: 'light', label: intl.formatMessage({ id: 'settings.appearance.theme.light' }) },
    { value: 'dark', label: intl.formatMessage({ id: 'settings.appearance.theme.dark' }) },
  ];

  function chooseTheme(next: Theme) {
    theme.edit(next);
    void theme.run(async () => (await saveSettings({ appearance: { theme: next } })).appearance.theme, 'revert');
  }

  function chooseLocale(next: LocaleChoice) {
    locale.edit(next);
    void locale.run(async () => (await saveSettings({ language: { locale: next } })).language.locale, 'revert');
  }

  // The pseudo-locale (en-XA) is for the layout checks: set through settings.set, not offered here.
  const offered = (value: string): value is LocaleChoice => value === 'system' || LOCALES.some((tag) => tag === value);

  return (
    <SettingsSection title={intl.formatMessage({ id: 'settings.appearance.title' })} description={intl.formatMessage({ id: 'settings.appearance.description' })}>
      <div className="form">
        <div className="form__inline">
          <ChoiceGroup legend={intl.formatMessage({ id: 'settings.appearance.theme' })} name="theme" look="segmented" choices={themeChoices} value={theme.draft} onChange={chooseTheme} hint={intl.formatMessage({ id: 'settings.appearance.theme.hint' })} />
          <SaveStatus saved={theme.saved && theme.draft === stored.theme} />
        </div>
        {theme.error ? <ErrorBanner title={intl.formatMessage({ id: 'settings.appearance.theme.saveFailed' })} error={theme.error} /> : null}
        <div className="form__inline">
          <Field label={intl.formatMessage({ id: 'settings.appearance.language' })} hint={intl.formatMessage({ id: 'settings.appearance.language.hint' })}>
            {(control) => (
              <select {...control} className="select select--narrow" value={locale.draft} onChange={(event) => offered(event.target.value) && chooseLocale(event.target.value)}>
                <option value="system">{intl.formatMessage({ id: 'settings.appearance.language.system' })}</option>
                {LOCALES.map((tag) => (
                  <option key={tag} value={tag} lang={tag}>
                    {LOCALE_NAMES[tag]}
                  </option>
                ))}
                {locale.draft === 'en-XA' ? <option value="en-XA">{intl.formatMessage({ id: 'settings.appearance.language.pseudo' })}</option> : null}
              </select>
            )}
          </Field>
          <SaveStatus saved={locale.saved && locale.draft === language.locale} />
        </div>
        {locale.error ? <ErrorBanner title={intl.formatMessage({ id: 'settings.appearance.language.saveFailed' })} error={locale.error} /> : null}
      </div>
    </SettingsSection>
  );
}

import type { Settings } from '../../api/contract';
import { ErrorBanner } from '../../components/ErrorBanner';
import { ChoiceGroup, type Choice } from '../../components/Field';
import { SaveStatus } from '../../components/SaveStatus';
import { saveSettings } from '../../state/settings';
import { SettingsSection } from './SettingsSection';
import { useSectionDraft } from './use-section-draft';

type Theme = Settings['appearance']['theme'];

const THEME_CHOICES: readonly Choice<Theme>[] = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

const toDraft = (appearance: Settings['appearance']) => appearance.theme;
const same = (a: Theme, b: Theme) => a === b;

/** Applies on choice: a theme is seen at once, so there is nothing to confirm with a button. */
export function AppearanceSettings({ stored }: { stored: Settings['appearance'] }) {
  const section = useSectionDraft(stored, toDraft, same);

  function choose(theme: Theme) {
    section.edit(theme);
    void section.run(async () => (await saveSettings({ appearance: { theme } })).appearance.theme, 'revert');
  }

  return (
    <SettingsSection title="Appearance" description="How Draftdeck looks. Changes apply at once.">
      <div className="form">
        <div className="form__inline">
          <ChoiceGroup legend="Theme" name="theme" look="segmented" choices={THEME_CHOICES} value={section.draft} onChange={choose} hint="System follows your computer's light or dark setting." />
          <SaveStatus saved={section.saved && section.draft === stored.theme} />
        </div>
        {section.error ? <ErrorBanner title="Draftdeck could not save the theme" error={section.error} /> : null}
      </div>
    </SettingsSection>
  );
}

import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Settings } from '../../api/contract';
import { TextField } from '../../components/Field';
import { saveSettings } from '../../state/settings';
import { FormFooter } from './FormFooter';
import { CONCURRENCY_MAX, CONCURRENCY_MIN, concurrencyProblem } from './form-rules';
import { SettingsSection } from './SettingsSection';
import { useSectionDraft } from './use-section-draft';

type Uploads = Settings['uploads'];

const toDraft = (uploads: Uploads) => String(uploads.concurrency);
const same = (a: string, b: string) => a.trim() === b.trim();

export function UploadSettings({ stored }: { stored: Uploads }) {
  const intl = useIntl();
  const section = useSectionDraft(stored, toDraft, same);
  const [checked, setChecked] = useState(false);
  const problem = checked ? concurrencyProblem(section.draft) : null;
  const dirty = !same(section.draft, toDraft(stored));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (section.saving || !dirty) return;
    setChecked(true);
    if (concurrencyProblem(section.draft)) return;
    void section.run(async () => toDraft((await saveSettings({ uploads: { concurrency: Number(section.draft.trim()) } })).uploads));
  }

  return (
    <SettingsSection title={intl.formatMessage({ id: 'settings.uploads.title' })} description={intl.formatMessage({ id: 'settings.uploads.description' })}>
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label={intl.formatMessage({ id: 'settings.uploads.concurrency' })}
          type="number"
          inputMode="numeric"
          min={CONCURRENCY_MIN}
          max={CONCURRENCY_MAX}
          step={1}
          className="input--narrow"
          value={section.draft}
          onValueChange={section.edit}
          error={problem}
          hint={intl.formatMessage({ id: 'settings.uploads.concurrency.hint' }, { min: CONCURRENCY_MIN, max: CONCURRENCY_MAX, usual: 2 })}
        />
        <FormFooter label={intl.formatMessage({ id: 'settings.uploads.save' })} dirty={dirty} saving={section.saving} saved={section.saved} error={section.error} />
      </form>
    </SettingsSection>
  );
}

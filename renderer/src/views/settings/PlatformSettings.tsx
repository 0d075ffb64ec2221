import { useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { PlatformProfile } from '../../api/contract';
import { ChoiceGroup, TextField, type Choice } from '../../components/Field';
import { saveSettings } from '../../state/settings';
import { FormFooter } from './FormFooter';
import { draftFromProfile, hasErrors, profileFromDraft, sameProfile, validateProfile, type ProfileDraft } from './form-rules';
import { SettingsSection } from './SettingsSection';
import { useSectionDraft } from './use-section-draft';

const profileChoices = (intl: IntlShape): readonly Choice<ProfileDraft['kind']>[] => [
  { value: 'sandbox', label: intl.formatMessage({ id: 'settings.platform.sandbox' }), description: intl.formatMessage({ id: 'settings.platform.sandbox.description' }) },
  { value: 'custom', label: intl.formatMessage({ id: 'settings.platform.custom' }), description: intl.formatMessage({ id: 'settings.platform.custom.description' }) },
];

const secretChoices = (intl: IntlShape): readonly Choice<ProfileDraft['secretStore']>[] => [
  { value: 'vault', label: intl.formatMessage({ id: 'settings.platform.vault' }), description: intl.formatMessage({ id: 'settings.platform.vault.description' }) },
  { value: 'broker', label: intl.formatMessage({ id: 'settings.platform.broker' }), description: intl.formatMessage({ id: 'settings.platform.broker.description' }) },
];

const sameDraft = (a: ProfileDraft, b: ProfileDraft) => sameProfile(profileFromDraft(a), profileFromDraft(b));

export function PlatformSettings({ stored }: { stored: PlatformProfile }) {
  const intl = useIntl();
  const section = useSectionDraft(stored, draftFromProfile, sameDraft);
  const { draft } = section;
  const [checked, setChecked] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errors = checked ? validateProfile(draft) : {};
  const dirty = !sameProfile(profileFromDraft(draft), stored);

  const edit = <K extends keyof ProfileDraft>(key: K) => (value: ProfileDraft[K]) => section.edit({ ...draft, [key]: value });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (section.saving || !dirty) return;
    setChecked(true);
    if (hasErrors(validateProfile(draft))) {
      // Take the person to the first problem; its message is tied to the field.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    void section.run(async () => draftFromProfile((await saveSettings({ profile: profileFromDraft(draft) })).profile, draft));
  }

  return (
    <SettingsSection title={intl.formatMessage({ id: 'settings.platform.title' })} description={intl.formatMessage({ id: 'settings.platform.description' })}>
      <form ref={form} className="form" noValidate onSubmit={submit}>
        <ChoiceGroup legend={intl.formatMessage({ id: 'settings.platform.profile' })} name="profile-kind" choices={profileChoices(intl)} value={draft.kind} onChange={edit('kind')} />
        {draft.kind === 'custom' ? (
          <div className="form__group">
            <TextField label={intl.formatMessage({ id: 'settings.platform.name' })} value={draft.name} onValueChange={edit('name')} error={errors.name} autoComplete="off" maxLength={200} hint={intl.formatMessage({ id: 'settings.platform.name.hint' })} />
            <TextField label={intl.formatMessage({ id: 'settings.platform.baseUrl' })} type="url" value={draft.baseUrl} onValueChange={edit('baseUrl')} error={errors.baseUrl} placeholder={intl.formatMessage({ id: 'settings.platform.baseUrl.example' })} autoComplete="off" spellCheck={false} />
            <TextField label={intl.formatMessage({ id: 'settings.platform.uploadHost' })} type="url" value={draft.uploadHost} onValueChange={edit('uploadHost')} error={errors.uploadHost} placeholder={intl.formatMessage({ id: 'settings.platform.uploadHost.example' })} autoComplete="off" spellCheck={false} />
            <TextField label={intl.formatMessage({ id: 'settings.platform.authorizeUrl' })} type="url" value={draft.authorizeUrl} onValueChange={edit('authorizeUrl')} error={errors.authorizeUrl} placeholder={intl.formatMessage({ id: 'settings.platform.authorizeUrl.example' })} autoComplete="off" spellCheck={false} hint={intl.formatMessage({ id: 'settings.platform.authorizeUrl.hint' })} />
            <TextField label={intl.formatMessage({ id: 'settings.platform.clientKey' })} value={draft.clientKey} onValueChange={edit('clientKey')} error={errors.clientKey} autoComplete="off" spellCheck={false} className="input--mono" />
            <ChoiceGroup legend={intl.formatMessage({ id: 'settings.platform.secretStore' })} name="secret-store" choices={secretChoices(intl)} value={draft.secretStore} onChange={edit('secretStore')} />
            {draft.secretStore === 'broker' ? (
              <TextField label={intl.formatMessage({ id: 'settings.platform.brokerUrl' })} type="url" value={draft.brokerUrl} onValueChange={edit('brokerUrl')} error={errors.brokerUrl} placeholder={intl.formatMessage({ id: 'settings.platform.brokerUrl.example' })} autoComplete="off" spellCheck={false} />
            ) : null}
          </div>
        ) : null}
        <FormFooter label={intl.formatMessage({ id: 'settings.platform.save' })} dirty={dirty} saving={section.saving} saved={section.saved} error={section.error} />
      </form>
    </SettingsSection>
  );
}

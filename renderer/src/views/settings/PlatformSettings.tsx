import { useIntl, type IntlShape } from 'react-intl';
import type { PlatformProfile } from '../../api/contract';
import { ChoiceGroup, TextField, type Choice } from '../../components/Field';
import { saveSettings } from '../../state/settings';
import { FormFooter } from './FormFooter';
import { draftFromProfile, profileFromDraft, sameProfile, validateProfile, type ProfileDraft } from './form-rules';
import { SettingsSection } from './SettingsSection';
import { useApplyOnChange } from './use-apply-on-change';
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
  // A typed field applies when the person leaves it; a choice applies at once.
  const { errors, waiting, type, choose, form } = useApplyOnChange({
    section,
    validate: validateProfile,
    changed: (next) => !sameProfile(profileFromDraft(next), stored),
    same: sameDraft,
    save: async (next) => draftFromProfile((await saveSettings({ profile: profileFromDraft(next) })).profile, next),
  });

  return (
    <SettingsSection title={intl.formatMessage({ id: 'settings.platform.title' })} description={intl.formatMessage({ id: 'settings.platform.description' })}>
      <form {...form} className="form">
        <ChoiceGroup legend={intl.formatMessage({ id: 'settings.platform.profile' })} name="profile-kind" choices={profileChoices(intl)} value={draft.kind} onChange={choose('kind')} />
        {draft.kind === 'custom' ? (
          <div className="form__group">
            <TextField label={intl.formatMessage({ id: 'settings.platform.name' })} value={draft.name} onValueChange={type('name')} error={errors.name} autoComplete="off" maxLength={200} hint={intl.formatMessage({ id: 'settings.platform.name.hint' })} />
            <TextField label={intl.formatMessage({ id: 'settings.platform.baseUrl' })} type="url" value={draft.baseUrl} onValueChange={type('baseUrl')} error={errors.baseUrl} placeholder={intl.formatMessage({ id: 'settings.platform.baseUrl.example' })} autoComplete="off" spellCheck={false} />
            <TextField label={intl.formatMessage({ id: 'settings.platform.uploadHost' })} type="url" value={draft.uploadHost} onValueChange={type('uploadHost')} error={errors.uploadHost} placeholder={intl.formatMessage({ id: 'settings.platform.uploadHost.example' })} autoComplete="off" spellCheck={false} />
            <TextField label={intl.formatMessage({ id: 'settings.platform.authorizeUrl' })} type="url" value={draft.authorizeUrl} onValueChange={type('authorizeUrl')} error={errors.authorizeUrl} placeholder={intl.formatMessage({ id: 'settings.platform.authorizeUrl.example' })} autoComplete="off" spellCheck={false} hint={intl.formatMessage({ id: 'settings.platform.authorizeUrl.hint' })} />
            <TextField label={intl.formatMessage({ id: 'settings.platform.clientKey' })} value={draft.clientKey} onValueChange={type('clientKey')} error={errors.clientKey} autoComplete="off" spellCheck={false} className="input--mono" />
            <ChoiceGroup legend={intl.formatMessage({ id: 'settings.platform.secretStore' })} name="secret-store" choices={secretChoices(intl)} value={draft.secretStore} onChange={choose('secretStore')} />
            {draft.secretStore === 'broker' ? (
              <TextField label={intl.formatMessage({ id: 'settings.platform.brokerUrl' })} type="url" value={draft.brokerUrl} onValueChange={type('brokerUrl')} error={errors.brokerUrl} placeholder={intl.formatMessage({ id: 'settings.platform.brokerUrl.example' })} autoComplete="off" spellCheck={false} />
            ) : null}
          </div>
        ) : null}
        <FormFooter waiting={waiting} saving={section.saving} saved={section.saved} error={section.error} />
      </form>
    </SettingsSection>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import type { PlatformProfile } from '../../api/contract';
import { ChoiceGroup, TextField, type Choice } from '../../components/Field';
import { saveSettings } from '../../state/settings';
import { FormFooter } from './FormFooter';
import { draftFromProfile, hasErrors, profileFromDraft, sameProfile, validateProfile, type ProfileDraft } from './form-rules';
import { SettingsSection } from './SettingsSection';
import { useSectionDraft } from './use-section-draft';

const PROFILE_CHOICES: readonly Choice<ProfileDraft['kind']>[] = [
  { value: 'sandbox', label: 'Built-in sandbox', description: 'A faithful copy of the platform that runs inside Draftdeck. No account, key or network needed.' },
  { value: 'custom', label: 'Custom platform', description: 'Your own app registered on the platform, with its endpoints and client key.' },
];

const SECRET_CHOICES: readonly Choice<ProfileDraft['secretStore']>[] = [
  { value: 'vault', label: "This computer's vault", description: 'The client secret is kept encrypted on this computer, never in the settings file.' },
  { value: 'broker', label: 'A token broker', description: 'Your partner backend holds the secret and exchanges tokens for Draftdeck, so the secret never ships with the app.' },
];

const sameDraft = (a: ProfileDraft, b: ProfileDraft) => sameProfile(profileFromDraft(a), profileFromDraft(b));

export function PlatformSettings({ stored }: { stored: PlatformProfile }) {
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
    <SettingsSection title="Platform" description="Where Draftdeck signs in and sends drafts.">
      <form ref={form} className="form" noValidate onSubmit={submit}>
        <ChoiceGroup legend="Profile" name="profile-kind" choices={PROFILE_CHOICES} value={draft.kind} onChange={edit('kind')} />
        {draft.kind === 'custom' ? (
          <div className="form__group">
            <TextField label="Name" value={draft.name} onValueChange={edit('name')} error={errors.name} autoComplete="off" maxLength={200} hint="Shown in the sidebar, so you know where drafts go." />
            <TextField label="API base URL" type="url" value={draft.baseUrl} onValueChange={edit('baseUrl')} error={errors.baseUrl} placeholder="https://open.example.com" autoComplete="off" spellCheck={false} />
            <TextField label="Upload host" type="url" value={draft.uploadHost} onValueChange={edit('uploadHost')} error={errors.uploadHost} placeholder="https://upload.example.com" autoComplete="off" spellCheck={false} />
            <TextField label="Authorize URL" type="url" value={draft.authorizeUrl} onValueChange={edit('authorizeUrl')} error={errors.authorizeUrl} placeholder="https://www.example.com/v2/auth/authorize/" autoComplete="off" spellCheck={false} hint="The consent page people sign in on." />
            <TextField label="Client key" value={draft.clientKey} onValueChange={edit('clientKey')} error={errors.clientKey} autoComplete="off" spellCheck={false} className="input--mono" />
            <ChoiceGroup legend="Where the client secret lives" name="secret-store" choices={SECRET_CHOICES} value={draft.secretStore} onChange={edit('secretStore')} />
            {draft.secretStore === 'broker' ? (
              <TextField label="Token broker URL" type="url" value={draft.brokerUrl} onValueChange={edit('brokerUrl')} error={errors.brokerUrl} placeholder="https://backend.example.com" autoComplete="off" spellCheck={false} />
            ) : null}
          </div>
        ) : null}
        <FormFooter label="Save platform" dirty={dirty} saving={section.saving} saved={section.saved} error={section.error} />
      </form>
    </SettingsSection>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import type { Settings } from '../../api/contract';
import { ChoiceGroup, TextField, type Choice } from '../../components/Field';
import { saveSettings } from '../../state/settings';
import { hasErrors, sameValue } from './form-rules';
import { FormFooter } from './FormFooter';
import { draftFromPhotos, photosFromDraft, validatePhotoHost, type PhotoHostDraft } from './photo-host-rules';
import { S3ConnectionTest } from './S3ConnectionTest';
import { S3KeysForm } from './S3KeysForm';
import { SettingsSection } from './SettingsSection';
import { useSectionDraft } from './use-section-draft';

type Photos = Settings['photos'];

const HOST_CHOICES: readonly Choice<PhotoHostDraft['kind']>[] = [
  { value: 'sandbox', label: 'Built-in media host', description: 'The built-in sandbox’s own host, under a prefix it has verified. Only with the built-in sandbox.' },
  { value: 's3', label: 'S3-compatible bucket', description: 'Your bucket (AWS S3, R2, MinIO, B2…) whose public URL prefix you verified on the platform.' },
];

const samePhotos = (a: Photos, b: Photos) => sameValue(a, b);
const sameDraft = (a: PhotoHostDraft, b: PhotoHostDraft) => samePhotos(photosFromDraft(a), photosFromDraft(b));

/**
 * Photos: where prepared photos are hosted before a post names them (the platform takes only URLs
 * under a prefix it verified for the app), whether they stay there afterwards, and whether their
 * location is removed. A bucket's keys are a separate, write-only form: they go to the vault.
 */
export function PhotoSettings({ stored }: { stored: Photos }) {
  const section = useSectionDraft(stored, draftFromPhotos, sameDraft);
  const { draft } = section;
  const [checked, setChecked] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errors = checked ? validatePhotoHost(draft) : {};
  const dirty = !samePhotos(photosFromDraft(draft), stored);
  const edit = <K extends keyof PhotoHostDraft>(key: K) => (value: PhotoHostDraft[K]) => section.edit({ ...draft, [key]: value });

  /** Shows the form's problems and focuses the first; true when there are none. */
  function checkForm(): boolean {
    setChecked(true);
    if (!hasErrors(validatePhotoHost(draft))) return true;
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return false;
  }
  const tested = photosFromDraft(draft).host;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (section.saving || !dirty) return;
    if (!checkForm()) return;
    void section.run(async () => draftFromPhotos((await saveSettings({ photos: photosFromDraft(draft) })).photos, draft));
  }

  return (
    <SettingsSection title="Photos" description="Where photos are hosted for the platform to download them, and what happens to them.">
      <form ref={form} className="form" noValidate onSubmit={submit}>
        <ChoiceGroup legend="Photo host" name="photo-host" choices={HOST_CHOICES} value={draft.kind} onChange={edit('kind')} />
        {draft.kind === 's3' ? (
          <div className="form__group">
            <TextField label="Endpoint" type="url" value={draft.endpoint} onValueChange={edit('endpoint')} error={errors.endpoint} placeholder="https://s3.eu-west-1.amazonaws.com" autoComplete="off" spellCheck={false} />
            <TextField label="Bucket" value={draft.bucket} onValueChange={edit('bucket')} error={errors.bucket} autoComplete="off" spellCheck={false} className="input--mono" />
            <TextField label="Region" value={draft.region} onValueChange={edit('region')} error={errors.region} placeholder="us-east-1" autoComplete="off" spellCheck={false} className="input--narrow" />
            <CheckField label="Path-style addresses" hint="endpoint/bucket/file, as MinIO and most self-hosted services need." checked={draft.pathStyle} onChange={edit('pathStyle')} />
            <TextField
              label="Public URL prefix"
              type="url"
              value={draft.publicUrlPrefix}
              onValueChange={edit('publicUrlPrefix')}
              error={errors.publicUrlPrefix}
              placeholder="https://photos.example.com/"
              autoComplete="off"
              spellCheck={false}
              hint="Where the bucket’s files can be read publicly. It must be the prefix you verified for your app on the platform, or the platform refuses the posts (url_ownership_unverified)."
            />
            <TextField label="Folder in the bucket" value={draft.keyPrefix} onValueChange={edit('keyPrefix')} error={errors.keyPrefix} placeholder="draftdeck/" autoComplete="off" spellCheck={false} hint="Optional, ending with /." />
          </div>
        ) : null}
        <CheckField label="Keep hosted photos after posting" hint="Otherwise they are removed from the host once the post has left processing." checked={draft.keepHosted} onChange={edit('keepHosted')} />
        <CheckField label="Remove location from photos" hint="GPS coordinates and place names go before a photo leaves this computer." checked={draft.stripLocation} onChange={edit('stripLocation')} />
        <FormFooter label="Save photos" dirty={dirty} saving={section.saving} saved={section.saved} error={section.error} />
      </form>
      {stored.host.kind === 's3' ? <S3KeysForm /> : null}
      {draft.kind === 's3' && tested.kind === 's3' ? <S3ConnectionTest bucket={hasErrors(validatePhotoHost(draft)) ? null : tested} showErrors={() => void checkForm()} /> : null}
    </SettingsSection>
  );
}

/** A checkbox named by a short label, with its sentence as the description. */
function CheckField({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label className="form__check">
        <input type="checkbox" checked={checked} aria-describedby={`${id}-hint`} onChange={(event) => onChange(event.target.checked)} /> {label}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}

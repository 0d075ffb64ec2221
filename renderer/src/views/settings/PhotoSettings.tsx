import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
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

const hostChoices = (intl: IntlShape): readonly Choice<PhotoHostDraft['kind']>[] => [
  { value: 'sandbox', label: intl.formatMessage({ id: 'settings.photos.sandbox' }), description: intl.formatMessage({ id: 'settings.photos.sandbox.description' }) },
  { value: 's3', label: intl.formatMessage({ id: 'settings.photos.s3' }), description: intl.formatMessage({ id: 'settings.photos.s3.description' }) },
];

const samePhotos = (a: Photos, b: Photos) => sameValue(a, b);
const sameDraft = (a: PhotoHostDraft, b: PhotoHostDraft) => samePhotos(photosFromDraft(a), photosFromDraft(b));

/**
 * Photos: where prepared photos are hosted before a post names them (the platform takes only URLs
 * under a prefix it verified for the app), whether they stay there afterwards, and whether their
 * location is removed. A bucket's keys are a separate, write-only form: they go to the vault.
 */
export function PhotoSettings({ stored }: { stored: Photos }) {
  const intl = useIntl();
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
    <SettingsSection title={intl.formatMessage({ id: 'settings.photos.title' })} description={intl.formatMessage({ id: 'settings.photos.description' })}>
      <form ref={form} className="form" noValidate onSubmit={submit}>
        <ChoiceGroup legend={intl.formatMessage({ id: 'settings.photos.host' })} name="photo-host" choices={hostChoices(intl)} value={draft.kind} onChange={edit('kind')} />
        {draft.kind === 's3' ? (
          <div className="form__group">
            <TextField label={intl.formatMessage({ id: 'settings.photos.endpoint' })} type="url" value={draft.endpoint} onValueChange={edit('endpoint')} error={errors.endpoint} placeholder={intl.formatMessage({ id: 'settings.photos.endpoint.example' })} autoComplete="off" spellCheck={false} />
            <TextField label={intl.formatMessage({ id: 'settings.photos.bucket' })} value={draft.bucket} onValueChange={edit('bucket')} error={errors.bucket} autoComplete="off" spellCheck={false} className="input--mono" />
            <TextField label={intl.formatMessage({ id: 'settings.photos.region' })} value={draft.region} onValueChange={edit('region')} error={errors.region} placeholder={intl.formatMessage({ id: 'settings.photos.region.example' })} autoComplete="off" spellCheck={false} className="input--narrow" />
            <CheckField label={intl.formatMessage({ id: 'settings.photos.pathStyle' })} hint={intl.formatMessage({ id: 'settings.photos.pathStyle.hint' })} checked={draft.pathStyle} onChange={edit('pathStyle')} />
            <TextField
              label={intl.formatMessage({ id: 'settings.photos.publicUrlPrefix' })}
              type="url"
              value={draft.publicUrlPrefix}
              onValueChange={edit('publicUrlPrefix')}
              error={errors.publicUrlPrefix}
              placeholder={intl.formatMessage({ id: 'settings.photos.publicUrlPrefix.example' })}
              autoComplete="off"
              spellCheck={false}
              hint={intl.formatMessage({ id: 'settings.photos.publicUrlPrefix.hint' })}
            />
            <TextField label={intl.formatMessage({ id: 'settings.photos.keyPrefix' })} value={draft.keyPrefix} onValueChange={edit('keyPrefix')} error={errors.keyPrefix} placeholder={intl.formatMessage({ id: 'settings.photos.keyPrefix.example' })} autoComplete="off" spellCheck={false} hint={intl.formatMessage({ id: 'settings.photos.keyPrefix.hint' })} />
          </div>
        ) : null}
        <CheckField label={intl.formatMessage({ id: 'settings.photos.keepHosted' })} hint={intl.formatMessage({ id: 'settings.photos.keepHosted.hint' })} checked={draft.keepHosted} onChange={edit('keepHosted')} />
        <CheckField label={intl.formatMessage({ id: 'settings.photos.stripLocation' })} hint={intl.formatMessage({ id: 'settings.photos.stripLocation.hint' })} checked={draft.stripLocation} onChange={edit('stripLocation')} />
        <FormFooter label={intl.formatMessage({ id: 'settings.photos.save' })} dirty={dirty} saving={section.saving} saved={section.saved} error={section.error} />
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

import { useId } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Settings } from '../../api/contract';
import { ChoiceGroup, TextField, type Choice } from '../../components/Field';
import { saveSettings } from '../../state/settings';
import { hasErrors, sameValue } from './form-rules';
import { useApplyOnChange } from './use-apply-on-change';
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
  // A typed field applies when the person leaves it; a choice or a checkbox applies at once.
  const { errors, waiting, type, choose, showErrors, form } = useApplyOnChange({
    section,
    validate: validatePhotoHost,
    changed: (next) => !samePhotos(photosFromDraft(next), stored),
    same: sameDraft,
    save: async (next) => draftFromPhotos((await saveSettings({ photos: photosFromDraft(next) })).photos, next),
  });
  const tested = photosFromDraft(draft).host;

  return (
    <SettingsSection title={intl.formatMessage({ id: 'settings.photos.title' })} description={intl.formatMessage({ id: 'settings.photos.description' })}>
      <form {...form} className="form">
        <ChoiceGroup legend={intl.formatMessage({ id: 'settings.photos.host' })} name="photo-host" choices={hostChoices(intl)} value={draft.kind} onChange={choose('kind')} />
        {draft.kind === 's3' ? (
          <div className="form__group">
            <TextField label={intl.formatMessage({ id: 'settings.photos.endpoint' })} type="url" value={draft.endpoint} onValueChange={type('endpoint')} error={errors.endpoint} placeholder={intl.formatMessage({ id: 'settings.photos.endpoint.example' })} autoComplete="off" spellCheck={false} />
            <TextField label={intl.formatMessage({ id: 'settings.photos.bucket' })} value={draft.bucket} onValueChange={type('bucket')} error={errors.bucket} autoComplete="off" spellCheck={false} className="input--mono" />
            <TextField label={intl.formatMessage({ id: 'settings.photos.region' })} value={draft.region} onValueChange={type('region')} error={errors.region} placeholder={intl.formatMessage({ id: 'settings.photos.region.example' })} autoComplete="off" spellCheck={false} className="input--narrow" />
            <CheckField label={intl.formatMessage({ id: 'settings.photos.pathStyle' })} hint={intl.formatMessage({ id: 'settings.photos.pathStyle.hint' })} checked={draft.pathStyle} onChange={choose('pathStyle')} />
            <TextField
              label={intl.formatMessage({ id: 'settings.photos.publicUrlPrefix' })}
              type="url"
              value={draft.publicUrlPrefix}
              onValueChange={type('publicUrlPrefix')}
              error={errors.publicUrlPrefix}
              placeholder={intl.formatMessage({ id: 'settings.photos.publicUrlPrefix.example' })}
              autoComplete="off"
              spellCheck={false}
              hint={intl.formatMessage({ id: 'settings.photos.publicUrlPrefix.hint' })}
            />
            <TextField label={intl.formatMessage({ id: 'settings.photos.keyPrefix' })} value={draft.keyPrefix} onValueChange={type('keyPrefix')} error={errors.keyPrefix} placeholder={intl.formatMessage({ id: 'settings.photos.keyPrefix.example' })} autoComplete="off" spellCheck={false} hint={intl.formatMessage({ id: 'settings.photos.keyPrefix.hint' })} />
          </div>
        ) : null}
        <CheckField label={intl.formatMessage({ id: 'settings.photos.keepHosted' })} hint={intl.formatMessage({ id: 'settings.photos.keepHosted.hint' })} checked={draft.keepHosted} onChange={choose('keepHosted')} />
        <CheckField label={intl.formatMessage({ id: 'settings.photos.stripLocation' })} hint={intl.formatMessage({ id: 'settings.photos.stripLocation.hint' })} checked={draft.stripLocation} onChange={choose('stripLocation')} />
        <FormFooter waiting={waiting} saving={section.saving} saved={section.saved} error={section.error} />
      </form>
      {stored.host.kind === 's3' ? <S3KeysForm /> : null}
      {draft.kind === 's3' && tested.kind === 's3' ? <S3ConnectionTest bucket={hasErrors(validatePhotoHost(draft)) ? null : tested} showErrors={showErrors} /> : null}
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

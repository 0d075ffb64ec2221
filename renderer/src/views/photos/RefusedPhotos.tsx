import { useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { TechnicalDetails } from '../../components/TechnicalDetails';
import { removeImage, removeRefused, useComposer } from '../../state/photo-composer';
import { refusalWords } from './photo-words';

/** Every photo that cannot be posted, in one list out of the posts' way, with one action to drop them all. */
export function RefusedPhotos() {
  const intl = useIntl();
  const refused = useComposer((state) => state.refused);
  const images = useComposer((state) => state.images);
  if (refused.length === 0) return null;
  return (
    <section className="refused-photos" aria-labelledby="refused-photos-title" data-testid="refused-photos">
      <header className="refused-photos__header">
        <h2 id="refused-photos-title" className="refused-photos__title">
          {intl.formatMessage({ id: 'photos.refused.title' }, { count: refused.length })}
        </h2>
        <Button onClick={removeRefused}>{intl.formatMessage({ id: 'photos.refused.removeAll' })}</Button>
      </header>
      <details className="refused-photos__list-frame">
        <summary>{intl.formatMessage({ id: 'photos.refused.why' })}</summary>
        <ul className="refused-photos__list">
          {refused.map((key) => {
            const image = images[key]!;
            return (
              <li key={key} className="refused-photos__item">
                <span className="refused-photos__name">{image.name}</span>
                <span className="refused-photos__reason">{refusalWords(intl, image)}</span>
                {image.refusal?.detail ? <TechnicalDetails>{image.refusal.detail}</TechnicalDetails> : null}
                <Button variant="ghost" aria-label={intl.formatMessage({ id: 'photos.refused.remove' }, { name: image.name })} onClick={() => removeImage(key)}>
                  {intl.formatMessage({ id: 'photos.details.remove' })}
                </Button>
              </li>
            );
          })}
        </ul>
      </details>
    </section>
  );
}

import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { dropImage, editPost, MAX_PHOTOS_PER_POST, moveToPost, newPostWith, removeImage, type ComposerImage, type ComposerPost } from '../../state/photo-composer';
import { focusPhoto } from './PhotoTile';
import { changeWords } from './photo-words';

const NEW_POST = 'new';

/** The photo chosen in a post's strip: what was fixed, in full, and what can be done with it. */
export function PhotoDetails({ image, post, posts, cover }: { image: ComposerImage; post: ComposerPost; posts: readonly ComposerPost[]; cover: boolean }) {
  const intl = useIntl();
  const id = useId();
  const index = post.keys.indexOf(image.key);
  const changes = image.changes.map((change) => changeWords(intl, change));
  const move = (to: number) => {
    dropImage(image.key, post.id, to);
    focusPhoto(image.key);
  };
  return (
    <div className="photo-details" role="group" aria-label={image.name} data-testid="photo-details">
      <p className="photo-details__name">{image.name}</p>
      {changes.length > 0 ? (
        <ul className="photo-details__changes">
          {changes.map((words) => (
            <li key={words}>{words}</li>
          ))}
        </ul>
      ) : image.phase === 'ready' ? (
        <p className="photo-details__changes">{intl.formatMessage({ id: image.url ? 'photos.details.fromLink' : 'photos.details.asIs' })}</p>
      ) : null}
      <div className="photo-details__actions">
        <label className="form__check">
          <input type="checkbox" checked={cover} disabled={cover} onChange={() => editPost(post.id, { coverKey: image.key })} /> {intl.formatMessage({ id: 'photos.details.cover' })}
        </label>
        <Button variant="ghost" unavailable={index === 0} onClick={() => move(index - 1)}>
          {intl.formatMessage({ id: 'photos.details.earlier' })}
        </Button>
        <Button variant="ghost" unavailable={index === post.keys.length - 1} onClick={() => move(index + 1)}>
          {intl.formatMessage({ id: 'photos.details.later' })}
        </Button>
        <label className="photo-details__move">
          <span>{intl.formatMessage({ id: 'photos.details.moveTo' })}</span>
          <select
            id={`${id}-move`}
            className="select"
            value=""
            onChange={(event) => {
              const to = event.target.value;
              if (to === NEW_POST) newPostWith(image.key);
              else if (to) moveToPost(image.key, to);
              focusPhoto(image.key);
            }}
          >
            <option value="" disabled>
              {intl.formatMessage({ id: 'photos.details.moveTo.choose' })}
            </option>
            {posts.map((other, i) =>
              other.id === post.id ? null : (
                <option key={other.id} value={other.id} disabled={other.keys.length >= MAX_PHOTOS_PER_POST}>
                  {intl.formatMessage({ id: 'photos.post.label' }, { number: i + 1 })}
                </option>
              ),
            )}
            <option value={NEW_POST}>{intl.formatMessage({ id: 'photos.details.moveTo.new' })}</option>
          </select>
        </label>
        <Button variant="ghost" onClick={() => removeImage(image.key)}>
          {intl.formatMessage({ id: 'photos.details.remove' })}
        </Button>
      </div>
    </div>
  );
}

import { useId, type DragEvent } from 'react';
import { Button } from '../../components/Button';
import { charCount, dropImage, editPost, MAX_DESCRIPTION_CHARS, MAX_PHOTOS_PER_POST, MAX_TITLE_CHARS, newPostWith, removeImage, useComposer, type ComposerPost } from '../../state/photo-composer';

const DRAG_TYPE = 'application/x-draftdeck-photo';

/** One post of the batch: its photos (drag to reorder or to another post), cover, title and description with the platform's limits. */
export function PostCard({ post, number }: { post: ComposerPost; number: number }) {
  const id = useId();
  const images = useComposer((state) => state.images);
  const titleCount = charCount(post.title);
  const descriptionCount = charCount(post.description);
  const cover = post.coverKey ?? post.keys[0];
  const onDrop = (event: DragEvent, index: number) => {
    const key = event.dataTransfer.getData(DRAG_TYPE);
    if (!key) return;
    event.preventDefault();
    event.stopPropagation();
    dropImage(key, post.id, index);
  };
  return (
    <section className="post-card" aria-label={`Post ${number}`} data-testid="photo-post">
      <header className="post-card__header">
        <h2 className="post-card__title">Post {number}</h2>
        <span className="post-card__count">
          {post.keys.length} of {MAX_PHOTOS_PER_POST} photos
        </span>
      </header>
      <div className="post-card__fields">
        <label className="field">
          <span className="field__label">Title</span>
          <input className="input" value={post.title} aria-describedby={`${id}-title`} aria-invalid={titleCount > MAX_TITLE_CHARS || undefined} onChange={(event) => editPost(post.id, { title: event.target.value })} />
          <span id={`${id}-title`} className={titleCount > MAX_TITLE_CHARS ? 'counter counter--over' : 'counter'}>
            {titleCount}/{MAX_TITLE_CHARS}
          </span>
        </label>
        <label className="field">
          <span className="field__label">Description</span>
          <textarea className="input" rows={2} value={post.description} aria-describedby={`${id}-description`} aria-invalid={descriptionCount > MAX_DESCRIPTION_CHARS || undefined} onChange={(event) => editPost(post.id, { description: event.target.value })} />
          <span id={`${id}-description`} className={descriptionCount > MAX_DESCRIPTION_CHARS ? 'counter counter--over' : 'counter'}>
            {descriptionCount}/{MAX_DESCRIPTION_CHARS}
          </span>
        </label>
      </div>
      <ol className="post-card__photos" aria-label={`Photos of post ${number}`} onDragOver={(event) => event.dataTransfer.types.includes(DRAG_TYPE) && event.preventDefault()} onDrop={(event) => onDrop(event, post.keys.length)}>
        {post.keys.map((key, index) => {
          const image = images[key]!;
          return (
            <li
              key={key}
              className={`photo-tile photo-tile--${image.phase}`}
              draggable
              data-testid="photo-tile"
              onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, key)}
              onDragOver={(event) => event.dataTransfer.types.includes(DRAG_TYPE) && event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
            >
              {image.thumbnail ? <img className="photo-tile__image" src={image.thumbnail} alt="" /> : null}
              <span className="photo-tile__name" title={image.name}>
                {image.name}
              </span>
              <span className="photo-tile__status">
                {image.phase === 'sending' ? 'Sending…' : image.phase === 'preparing' ? 'Preparing…' : image.phase === 'refused' ? `Cannot be posted: ${image.reason}` : image.changes.length > 0 ? image.changes.join('; ') : image.url ? 'Posted from its URL' : 'Sent as it is'}
              </span>
              <span className="photo-tile__actions">
                <label className="photo-tile__cover">
                  <input type="radio" name={`${id}-cover`} checked={cover === key} onChange={() => editPost(post.id, { coverKey: key })} /> Cover
                </label>
                <Button variant="ghost" aria-label={`Move ${image.name} earlier`} unavailable={index === 0} onClick={() => dropImage(key, post.id, index - 1)}>
                  ←
                </Button>
                <Button variant="ghost" aria-label={`Move ${image.name} later`} unavailable={index === post.keys.length - 1} onClick={() => dropImage(key, post.id, index + 1)}>
                  →
                </Button>
                <Button variant="ghost" aria-label={`Move ${image.name} to a new post`} onClick={() => newPostWith(key)}>
                  New post
                </Button>
                <Button variant="ghost" aria-label={`Remove ${image.name}`} onClick={() => removeImage(key)}>
                  Remove
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

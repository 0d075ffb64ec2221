import { useId, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { charCount, dropImage, editPost, MAX_DESCRIPTION_CHARS, MAX_PHOTOS_PER_POST, MAX_TITLE_CHARS, useComposer, type ComposerPost } from '../../state/photo-composer';
import { PhotoDetails } from './PhotoDetails';
import { focusPhoto, PhotoTile } from './PhotoTile';

const DRAG_TYPE = 'application/x-draftdeck-photo';

/**
 * One post of the batch: a compact strip of its photos (drag to reorder or to another post;
 * Alt+arrows on a focused photo do the same from the keyboard), the chosen photo's fixes and
 * actions, then its title and description with the platform's limits.
 */
export function PostCard({ post, number, posts }: { post: ComposerPost; number: number; posts: readonly ComposerPost[] }) {
  const intl = useIntl();
  const id = useId();
  const images = useComposer((state) => state.images);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen && post.keys.includes(chosen) ? chosen : null;
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
  const onKey = (event: KeyboardEvent, key: string, index: number) => {
    if (!event.altKey) return;
    const neighbour = event.key === 'ArrowUp' ? posts[number - 2] : event.key === 'ArrowDown' ? posts[number] : undefined;
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step !== undefined) {
      // Left is earlier in a left-to-right strip; the strip mirrors right to left.
      const earlier = document.documentElement.dir === 'rtl' ? -step : step;
      dropImage(key, post.id, Math.max(0, index + earlier));
    } else if (neighbour) dropImage(key, neighbour.id, neighbour.keys.length);
    else return;
    event.preventDefault();
    setChosen(key);
    focusPhoto(key);
  };
  const over = { title: titleCount > MAX_TITLE_CHARS, description: descriptionCount > MAX_DESCRIPTION_CHARS };
  return (
    <section className="post-card" aria-label={intl.formatMessage({ id: 'photos.post.label' }, { number })} data-testid="photo-post">
      <header className="post-card__header">
        <h2 className="post-card__title">{intl.formatMessage({ id: 'photos.post.label' }, { number })}</h2>
        <span className="post-card__count">{intl.formatMessage({ id: 'photos.post.count' }, { count: post.keys.length, max: MAX_PHOTOS_PER_POST })}</span>
      </header>
      <ol
        className="post-card__photos"
        aria-label={intl.formatMessage({ id: 'photos.post.photos' }, { number })}
        aria-describedby={`${id}-strip-hint`}
        onDragOver={(event) => event.dataTransfer.types.includes(DRAG_TYPE) && event.preventDefault()}
        onDrop={(event) => onDrop(event, post.keys.length)}
      >
        {post.keys.map((key, index) => (
          <PhotoTile
            key={key}
            image={images[key]!}
            position={index + 1}
            count={post.keys.length}
            cover={cover === key}
            selected={selected === key}
            onSelect={() => setChosen(selected === key ? null : key)}
            onKeyDown={(event) => onKey(event, key, index)}
            onDragStart={(event) => event.dataTransfer.setData(DRAG_TYPE, key)}
            onDragOver={(event) => event.dataTransfer.types.includes(DRAG_TYPE) && event.preventDefault()}
            onDrop={(event) => onDrop(event, index)}
          />
        ))}
      </ol>
      <p id={`${id}-strip-hint`} className="post-card__hint">
        {intl.formatMessage({ id: 'photos.post.stripHint' })}
      </p>
      {selected ? <PhotoDetails image={images[selected]!} post={post} posts={posts} cover={cover === selected} /> : null}
      <div className="post-card__fields">
        <label className="field">
          <span className="field__label">{intl.formatMessage({ id: 'photos.post.title' })}</span>
          {/* Two lines wide enough for the whole title: all 90 characters stay in view (Enter adds no line). */}
          <textarea
            className="input post-card__title-input"
            rows={2}
            value={post.title}
            aria-describedby={`${id}-title`}
            aria-invalid={over.title || undefined}
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
            onChange={(event) => editPost(post.id, { title: event.target.value.replace(/\s*\n\s*/g, ' ') })}
          />
          <span id={`${id}-title`} className={over.title ? 'counter counter--over' : 'counter'}>
            {intl.formatMessage({ id: 'photos.post.counter' }, { count: titleCount, max: MAX_TITLE_CHARS })}
          </span>
        </label>
        <label className="field">
          <span className="field__label">{intl.formatMessage({ id: 'photos.post.description' })}</span>
          <textarea className="input" rows={2} value={post.description} aria-describedby={`${id}-description`} aria-invalid={over.description || undefined} onChange={(event) => editPost(post.id, { description: event.target.value })} />
          <span id={`${id}-description`} className={over.description ? 'counter counter--over' : 'counter'}>
            {intl.formatMessage({ id: 'photos.post.counter' }, { count: descriptionCount, max: MAX_DESCRIPTION_CHARS })}
          </span>
        </label>
      </div>
    </section>
  );
}

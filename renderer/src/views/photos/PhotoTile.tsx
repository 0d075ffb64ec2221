import type { DragEvent, KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ComposerImage } from '../../state/photo-composer';
import { changeWords } from './photo-words';

/** After a move the tile may be in another card (a new element): focus follows it there. */
export function focusPhoto(key: string): void {
  requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-photo-key="${key}"]`)?.focus());
}

interface PhotoTileProps {
  image: ComposerImage;
  position: number;
  count: number;
  cover: boolean;
  selected: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
}

/**
 * One photo in a post's strip: its thumbnail, its place, and a one-word state; what was fixed is
 * read out with it and shown in full once it is chosen (PhotoDetails).
 */
export function PhotoTile({ image, position, count, cover, selected, onSelect, onKeyDown, onDragStart, onDragOver, onDrop }: PhotoTileProps) {
  const intl = useIntl();
  const changes = image.changes.map((change) => changeWords(intl, change));
  const state =
    image.phase === 'sending'
      ? intl.formatMessage({ id: 'photos.tile.sending' })
      : image.phase === 'preparing'
        ? intl.formatMessage({ id: 'photos.tile.preparing' })
        : changes.length > 0
          ? intl.formatMessage({ id: 'photos.tile.fixed' }, { count: changes.length })
          : intl.formatMessage({ id: image.url ? 'photos.tile.fromLink' : 'photos.tile.asIs' });
  return (
    <li className={`photo-tile photo-tile--${image.phase}${selected ? ' photo-tile--selected' : ''}`} data-testid="photo-tile" onDragOver={onDragOver} onDrop={onDrop}>
      {/* The button itself is what is dragged: Chromium starts no drag from a button inside a draggable item. */}
      <button
        type="button"
        draggable
        onDragStart={onDragStart}
        className="photo-tile__button"
        data-photo-key={image.key}
        aria-pressed={selected}
        aria-label={intl.formatMessage({ id: 'photos.tile.label' }, { name: image.name, position, count })}
        aria-description={[cover ? intl.formatMessage({ id: 'photos.tile.cover' }) : null, state, ...changes].filter(Boolean).join('. ')}
        title={[image.name, ...changes].join('\n')}
        onClick={onSelect}
        onKeyDown={onKeyDown}
      >
        {image.thumbnail ? <img className="photo-tile__image" src={image.thumbnail} alt="" draggable={false} /> : <span className="photo-tile__image" />}
        <span className="photo-tile__place" aria-hidden="true">
          {intl.formatNumber(position)}
        </span>
        {cover ? (
          <span className="photo-tile__cover" aria-hidden="true">
            {intl.formatMessage({ id: 'photos.tile.cover' })}
          </span>
        ) : null}
        <span className="photo-tile__state" aria-hidden="true">
          {state}
        </span>
      </button>
    </li>
  );
}

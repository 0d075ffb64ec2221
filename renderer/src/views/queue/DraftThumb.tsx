import { useIntl } from 'react-intl';
import { Icon } from '../../components/Icon';

/**
 * A draft's picture: the frame read when it was added, a photo post's cover, or a placeholder
 * (after a reload, or a codec this window cannot decode). A photo post's count of photos sits on
 * its cover, as a carousel shows it.
 */
export function DraftThumb({ src, busy = false, photos }: { src: string | null | undefined; busy?: boolean; photos?: number }) {
  const intl = useIntl();
  return (
    <span className="draft-thumb">
      <span className="draft-thumb__picture" aria-hidden="true">
        {src ? <img className="draft-thumb__image" src={src} alt="" /> : busy ? <span className="spinner" /> : <Icon name={photos === undefined ? 'film' : 'photos'} size={20} />}
      </span>
      {photos === undefined ? null : <span className="draft-thumb__count">{intl.formatMessage({ id: 'queue.row.photoCount' }, { count: photos })}</span>}
    </span>
  );
}

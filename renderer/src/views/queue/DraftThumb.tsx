import { Icon } from '../../components/Icon';

/** A draft's picture: the frame read when it was added, or a placeholder (after a reload, or a codec this window cannot decode). */
export function DraftThumb({ src, busy = false }: { src: string | null | undefined; busy?: boolean }) {
  return (
    <span className="draft-thumb" aria-hidden="true">
      {src ? <img className="draft-thumb__image" src={src} alt="" /> : busy ? <span className="spinner" /> : <Icon name="film" size={20} />}
    </span>
  );
}

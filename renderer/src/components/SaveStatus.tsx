import { Icon } from './Icon';

/** The quiet confirmation next to a Save button; a live region, so it is announced too. */
export function SaveStatus({ saved, label = 'Saved' }: { saved: boolean; label?: string }) {
  return (
    <span className="save-status" role="status">
      {saved ? (
        <>
          <Icon name="check" size={16} />
          {label}
        </>
      ) : null}
    </span>
  );
}

import { useIntl } from 'react-intl';
import { Icon } from './Icon';

/** The quiet confirmation next to a Save button; a live region, so it is announced too. */
export function SaveStatus({ saved, label }: { saved: boolean; label?: string }) {
  const intl = useIntl();
  return (
    <span className="save-status" role="status">
      {saved ? (
        <>
          <Icon name="check" size={16} />
          {label ?? intl.formatMessage({ id: 'settings.saved' })}
        </>
      ) : null}
    </span>
  );
}

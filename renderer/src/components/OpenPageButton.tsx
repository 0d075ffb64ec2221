/**
 * A button that opens a page outside the app: through the main process (the `shell.openExternal`
 * channel: the system browser in the desktop app, a new tab in web mode), never a `target=_blank`
 * link, which the desktop app's window refuses to open for anything but https. Says when it could
 * not open the page.
 */
import { useIntl } from 'react-intl';
import { useState, type ReactNode } from 'react';
import { openExternal, type ApiError } from '../api/client';
import { sayError } from '../i18n/main-words';
import { asApiError } from '../state/settings';
import { Button } from './Button';
import { Icon } from './Icon';

export function OpenPageButton({ url, className, children }: { url: string; className?: string; children: ReactNode }) {
  const intl = useIntl();
  const [error, setError] = useState<ApiError | null>(null);
  const open = () => {
    setError(null);
    openExternal(url).catch((failure: unknown) => setError(asApiError(failure)));
  };
  return (
    <>
      <Button variant="ghost" className={['button--inline', className].filter(Boolean).join(' ')} onClick={open}>
        {children}
        <Icon name="external" size={16} />
      </Button>
      {error ? (
        <span className="field__error" role="alert">
          {intl.formatMessage({ id: 'shell.openPage.failed' }, { reason: sayError(intl, error) })}
        </span>
      ) : null}
    </>
  );
}

import { useIntl } from 'react-intl';
import type { ApiError } from '../../api/client';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SaveStatus } from '../../components/SaveStatus';

interface FormFooterProps {
  /** Problems keeping the form's changes from being saved. */
  waiting: number;
  saving: boolean;
  saved: boolean;
  error: ApiError | null;
}

/**
 * The foot of a settings card that applies as it is changed (use-apply-on-change.ts): the main
 * process's refusal if any, then the form's state: saving, saved, or waiting for a fix. A line
 * of text, not the band a Save button once sat in: with nothing to say it takes no room.
 */
export function FormFooter({ waiting, saving, saved, error }: FormFooterProps) {
  const intl = useIntl();
  return (
    <>
      {error ? <ErrorBanner title={intl.formatMessage({ id: 'settings.saveFailed' })} error={error} /> : null}
      <div className={saving || waiting > 0 || saved ? 'form-footer' : 'form-footer form-footer--quiet'}>
        <div className="form-footer__state">
          {saving ? (
            <span className="save-status" role="status">
              {intl.formatMessage({ id: 'settings.saving' })}
            </span>
          ) : waiting > 0 ? (
            <span className="form-footer__dirty" role="status">
              {intl.formatMessage({ id: 'settings.notSavedYet' }, { count: waiting })}
            </span>
          ) : (
            <SaveStatus saved={saved} />
          )}
        </div>
      </div>
    </>
  );
}

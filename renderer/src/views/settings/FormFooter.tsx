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
 * of text at the end of the card's title line (forms.css), not the band a Save button once sat
 * in: out of the flow, so it takes no room and what follows the form stays where it is when a
 * save begins or ends.
 */
export function FormFooter({ waiting, saving, saved, error }: FormFooterProps) {
  const intl = useIntl();
  return (
    <>
      {error ? <ErrorBanner title={intl.formatMessage({ id: 'settings.saveFailed' })} error={error} /> : null}
      <div className="form-footer form-footer--status">
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

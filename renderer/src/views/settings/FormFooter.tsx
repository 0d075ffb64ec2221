import { useIntl } from 'react-intl';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { SaveStatus } from '../../components/SaveStatus';

interface FormFooterProps {
  label: string;
  dirty: boolean;
  saving: boolean;
  saved: boolean;
  error: ApiError | null;
}

/**
 * The foot of a settings card: the main process's refusal if any, then a band with the state
 * of the form (saved, unsaved changes) and its Save button.
 */
export function FormFooter({ label, dirty, saving, saved, error }: FormFooterProps) {
  const intl = useIntl();
  return (
    <>
      {error ? <ErrorBanner title={intl.formatMessage({ id: 'settings.saveFailed' })} error={error} /> : null}
      <div className="form-footer">
        <div className="form-footer__state">{dirty ? <span className="form-footer__dirty">{intl.formatMessage({ id: 'settings.unsaved' })}</span> : <SaveStatus saved={saved} />}</div>
        <Button type="submit" variant="primary" unavailable={!dirty} busy={saving}>
          {saving ? intl.formatMessage({ id: 'settings.saving' }) : label}
        </Button>
      </div>
    </>
  );
}

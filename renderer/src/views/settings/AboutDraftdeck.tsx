import { useEffect, useState } from 'react';
import type { AppInfo } from '../../api/contract';
import { openExternal, type ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Icon } from '../../components/Icon';
import { request } from '../../state/connection';
import { asApiError } from '../../state/settings';
import { SettingsSection } from './SettingsSection';

const OS_NAMES: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };

export function AboutDraftdeck() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  useEffect(() => {
    let live = true;
    request('app.info').then(
      (value) => live && setInfo(value),
      (failure: unknown) => live && setError(asApiError(failure)),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <SettingsSection title="About" description="The version you are running, for bug reports.">
      {error ? <ErrorBanner title="Draftdeck could not read its own details" error={error} /> : null}
      {info ? (
        <dl className="facts">
          <div className="facts__row">
            <dt>Version</dt>
            <dd>
              {info.name} {info.version}
            </dd>
          </div>
          <div className="facts__row">
            <dt>Running as</dt>
            <dd>{info.runtime === 'electron' ? 'Desktop app' : 'Web mode, served from this computer'}</dd>
          </div>
          <div className="facts__row">
            <dt>System</dt>
            <dd>{OS_NAMES[info.os] ?? info.os}</dd>
          </div>
          <div className="facts__row">
            <dt>Sandbox console</dt>
            <dd>
              {info.sandbox ? (
                <Button variant="ghost" className="button--inline" onClick={() => void openExternal(info.sandbox!.consoleUrl).catch((failure: unknown) => setError(asApiError(failure)))}>
                  Open the sandbox console
                  <Icon name="external" size={16} />
                </Button>
              ) : (
                <span className="facts__muted">Not running</span>
              )}
            </dd>
          </div>
        </dl>
      ) : error ? null : (
        <p className="facts__muted" role="status">
          Loading…
        </p>
      )}
    </SettingsSection>
  );
}

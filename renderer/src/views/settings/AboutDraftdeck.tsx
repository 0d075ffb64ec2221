import { useEffect, useState } from 'react';
import type { AppInfo, LogsLocation } from '../../api/contract';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { OpenPageButton } from '../../components/OpenPageButton';
import { request } from '../../state/connection';
import { asApiError } from '../../state/settings';
import { SettingsSection } from './SettingsSection';

const OS_NAMES: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };

export function AboutDraftdeck() {
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [logs, setLogs] = useState<LogsLocation | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [openError, setOpenError] = useState<ApiError | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([request('app.info'), request('logs.location')]).then(
      ([value, location]) => {
        if (!live) return;
        setInfo(value);
        setLogs(location);
      },
      (failure: unknown) => live && setError(asApiError(failure)),
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <SettingsSection title="About" description="The version you are running and where its logs are, for bug reports.">
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
                <OpenPageButton url={info.sandbox.consoleUrl}>Open the sandbox console</OpenPageButton>
              ) : (
                <span className="facts__muted">Not running</span>
              )}
            </dd>
          </div>
          <div className="facts__row">
            <dt>Logs</dt>
            <dd>
              {logs?.folder ? (
                <>
                  <code className="facts__path">{logs.folder}</code>
                  {logs.canOpen ? (
                    <Button variant="ghost" className="button--inline" onClick={() => {
                        setOpenError(null);
                        void request('logs.openFolder').catch((failure: unknown) => setOpenError(asApiError(failure)));
                      }}>
                      Open the logs folder
                    </Button>
                  ) : null}
                </>
              ) : (
                <span className="facts__muted">Written to the terminal that runs web mode</span>
              )}
            </dd>
          </div>
        </dl>
      ) : null}
      {openError ? <ErrorBanner title="Draftdeck could not open the logs folder" error={openError} /> : null}
      {info || error ? null : (
        <p className="facts__muted" role="status">
          Loading…
        </p>
      )}
    </SettingsSection>
  );
}

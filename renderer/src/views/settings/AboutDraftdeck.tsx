import { useIntl } from 'react-intl';
import { useEffect, useState } from 'react';
import type { AppInfo, LogsLocation } from '../../api/contract';
import type { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { ErrorBanner } from '../../components/ErrorBanner';
import { OpenPageButton } from '../../components/OpenPageButton';
import { request } from '../../state/connection';
import { asApiError } from '../../state/settings';
import { SettingsSection } from './SettingsSection';

// The systems' own names, the same in every language.
const OS_NAMES: Record<string, string> = { darwin: 'macOS', win32: 'Windows', linux: 'Linux' };

export function AboutDraftdeck() {
  const intl = useIntl();
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
    <SettingsSection title={intl.formatMessage({ id: 'settings.about.title' })} description={intl.formatMessage({ id: 'settings.about.description' })}>
      {error ? <ErrorBanner title={intl.formatMessage({ id: 'settings.about.readFailed' })} error={error} /> : null}
      {info ? (
        <dl className="facts">
          <div className="facts__row">
            <dt>{intl.formatMessage({ id: 'settings.about.version' })}</dt>
            <dd>{intl.formatMessage({ id: 'settings.about.versionValue' }, { name: info.name, version: info.version })}</dd>
          </div>
          <div className="facts__row">
            <dt>{intl.formatMessage({ id: 'settings.about.runningAs' })}</dt>
            <dd>{intl.formatMessage({ id: info.runtime === 'electron' ? 'settings.about.desktop' : 'settings.about.web' })}</dd>
          </div>
          <div className="facts__row">
            <dt>{intl.formatMessage({ id: 'settings.about.system' })}</dt>
            <dd>{OS_NAMES[info.os] ?? info.os}</dd>
          </div>
          <div className="facts__row">
            <dt>{intl.formatMessage({ id: 'settings.about.sandboxConsole' })}</dt>
            <dd>
              {info.sandbox ? (
                <OpenPageButton url={info.sandbox.consoleUrl}>{intl.formatMessage({ id: 'settings.about.openSandboxConsole' })}</OpenPageButton>
              ) : (
                <span className="facts__muted">{intl.formatMessage({ id: 'settings.about.notRunning' })}</span>
              )}
            </dd>
          </div>
          <div className="facts__row">
            <dt>{intl.formatMessage({ id: 'settings.about.logs' })}</dt>
            <dd>
              {logs?.folder ? (
                <>
                  <code className="facts__path">{logs.folder}</code>
                  {logs.canOpen ? (
                    <Button variant="ghost" className="button--inline" onClick={() => {
                        setOpenError(null);
                        void request('logs.openFolder').catch((failure: unknown) => setOpenError(asApiError(failure)));
                      }}>
                      {intl.formatMessage({ id: 'settings.about.openLogs' })}
                    </Button>
                  ) : null}
                </>
              ) : (
                <span className="facts__muted">{intl.formatMessage({ id: 'settings.about.logsInTerminal' })}</span>
              )}
            </dd>
          </div>
          <div className="facts__row">
            <dt>{intl.formatMessage({ id: 'video.about.ffmpeg' })}</dt>
            <dd data-testid="ffmpeg-licence">{intl.formatMessage({ id: 'video.about.ffmpeg.licence' })}</dd>
          </div>
        </dl>
      ) : null}
      {openError ? <ErrorBanner title={intl.formatMessage({ id: 'settings.about.openLogsFailed' })} error={openError} /> : null}
      {info || error ? null : (
        <p className="facts__muted" role="status">
          {intl.formatMessage({ id: 'settings.about.loading' })}
        </p>
      )}
    </SettingsSection>
  );
}

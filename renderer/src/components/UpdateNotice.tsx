/**
 * The notice beside every page once an update has downloaded (updates.changed): it installs when
 * Draftdeck quits, or now with intl.formatMessage({ id: 'shell.update.restart' }). Settings → Updates tells the rest.
 */
import { useIntl } from 'react-intl';
import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../api/contract';
import { on } from '../api/client';
import { request } from '../state/connection';
import { Button } from './Button';
import { Icon } from './Icon';

export function UpdateNotice() {
  const intl = useIntl();
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [restarting, setRestarting] = useState(false);
  useEffect(() => {
    let live = true;
    const stop = on('updates.changed', (next) => live && setStatus(next));
    request('updates.status').then(
      (value) => live && setStatus(value),
      () => undefined, // Settings → Updates says why; this notice only ever adds good news
    );
    return () => {
      live = false;
      stop();
    };
  }, []);
  return (
    <div className="host-status-region" role="status">
      {status?.state === 'downloaded' ? (
        <div className="host-status host-status--update" data-testid="update-notice">
          <Icon name="info" size={16} />
          <span className="host-status__text">{intl.formatMessage({ id: 'shell.update.ready' }, { version: status.availableVersion ?? '' })}</span>
          <Button variant="ghost" className="button--inline" busy={restarting} onClick={() => {
              setRestarting(true);
              void request('updates.install').catch(() => setRestarting(false));
            }}>
            {intl.formatMessage({ id: 'shell.update.restart' })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

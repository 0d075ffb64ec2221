/**
 * The notice beside every page once an update has downloaded (updates.changed): it installs when
 * Draftdeck quits, or now with "Restart to update". Settings → Updates tells the rest.
 */
import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../api/contract';
import { on } from '../api/client';
import { request } from '../state/connection';
import { Button } from './Button';
import { Icon } from './Icon';

export function UpdateNotice() {
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
          <span className="host-status__text">Draftdeck {status.availableVersion} is ready: it installs when you quit.</span>
          <Button variant="ghost" className="button--inline" busy={restarting} onClick={() => {
              setRestarting(true);
              void request('updates.install').catch(() => setRestarting(false));
            }}>
            Restart to update
          </Button>
        </div>
      ) : null}
    </div>
  );
}

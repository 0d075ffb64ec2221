/**
 * A slim notice while the host does not answer; it clears itself when the host is back. In web
 * mode it appears the moment the event stream breaks (the app stopped), and says what a person
 * can do: wait (the tab reconnects by itself), or, if the app came back on another address, find
 * that address in the terminal (this page can only ever reach the address it was opened at).
 */
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n';
import { retryNow, useConnection, type UnreachableCause } from '../state/connection';
import { Button } from './Button';
import { Icon } from './Icon';

const WORDS: Record<UnreachableCause, MessageId> = {
  unanswered: 'shell.host.unanswered',
  stopped: 'shell.host.stopped',
  'new-session': 'shell.host.newSession',
};

export function HostStatus() {
  const intl = useIntl();
  const cause = useConnection((state) => (state.reachable ? null : (state.cause ?? 'unanswered')));
  return (
    <div className="host-status-region" role="status">
      {cause === null ? null : (
        <div className="host-status" data-testid="host-status">
          <Icon name="unplugged" size={16} />
          <span className="host-status__text">{intl.formatMessage({ id: WORDS[cause] })}</span>
          {cause === 'new-session' ? null : (
            <Button variant="ghost" className="host-status__retry" onClick={retryNow}>
              {intl.formatMessage({ id: 'shell.host.retryNow' })}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

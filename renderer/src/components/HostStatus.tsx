/** A slim notice while the host does not answer; it clears itself when the host is back. */
import { retryNow, useConnection } from '../state/connection';
import { Button } from './Button';
import { Icon } from './Icon';

export function HostStatus() {
  const reachable = useConnection((state) => state.reachable);
  return (
    <div className="host-status-region" role="status">
      {reachable ? null : (
        <div className="host-status">
          <Icon name="unplugged" size={16} />
          <span className="host-status__text">Draftdeck's background service is not answering. Your settings and drafts are safe; retrying on its own.</span>
          <Button variant="ghost" className="host-status__retry" onClick={retryNow}>
            Retry now
          </Button>
        </div>
      )}
    </div>
  );
}

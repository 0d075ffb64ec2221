/**
 * A slim notice while the host does not answer; it clears itself when the host is back. In web
 * mode it appears the moment the event stream breaks (the app stopped), and says what a person
 * can do: wait (the tab reconnects by itself), or, if the app came back on another address, find
 * that address in the terminal (this page can only ever reach the address it was opened at).
 */
import { retryNow, useConnection, type UnreachableCause } from '../state/connection';
import { Button } from './Button';
import { Icon } from './Icon';

const WORDS: Record<UnreachableCause, string> = {
  unanswered: "Draftdeck's background service is not answering. Your settings and drafts are safe; retrying on its own.",
  stopped:
    'Draftdeck has stopped. Your settings and drafts are safe, and this page reconnects by itself when Draftdeck starts again. If Draftdeck restarted on another address, the terminal where it runs shows it.',
  'new-session': 'Draftdeck restarted with a new session that this page cannot use. Open the address the terminal where Draftdeck runs shows.',
};

export function HostStatus() {
  const cause = useConnection((state) => (state.reachable ? null : (state.cause ?? 'unanswered')));
  return (
    <div className="host-status-region" role="status">
      {cause === null ? null : (
        <div className="host-status" data-testid="host-status">
          <Icon name="unplugged" size={16} />
          <span className="host-status__text">{WORDS[cause]}</span>
          {cause === 'new-session' ? null : (
            <Button variant="ghost" className="host-status__retry" onClick={retryNow}>
              Retry now
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

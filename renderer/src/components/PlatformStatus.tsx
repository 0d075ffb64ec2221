/**
 * A slim notice while the built-in platform is not running: starting (the window opens first),
 * starting again after one of its programs ended, or failed to start. It goes away by itself
 * when the platform runs; a custom profile's platform is never "starting".
 */
import { useBuiltinPlatform } from '../state/builtin-platform';
import { Icon } from './Icon';

const STARTING = 'Starting the built-in platform: sign-in, research and the Store are ready in a moment.';

export function PlatformStatus() {
  const { state, problem } = useBuiltinPlatform();
  const words = state === 'starting' ? STARTING : state === 'restarting' || state === 'failed' ? (problem ?? STARTING) : null;
  return (
    <div className="host-status-region" role="status">
      {words === null ? null : (
        <div className={`host-status host-status--${state}`} data-testid="platform-status" data-state={state}>
          <Icon name={state === 'failed' ? 'alert' : 'unplugged'} size={16} />
          <span className="host-status__text">{words}</span>
        </div>
      )}
    </div>
  );
}

/**
 * A slim notice while the built-in platform is not running: starting (the window opens first),
 * starting again after one of its programs ended, or failed to start. It goes away by itself
 * when the platform runs; a custom profile's platform is never "starting".
 */
import { useIntl } from 'react-intl';
import { useBuiltinPlatform } from '../state/builtin-platform';
import { Icon } from './Icon';


export function PlatformStatus() {
  const intl = useIntl();
  const { state, problem } = useBuiltinPlatform();
  const starting = intl.formatMessage({ id: 'shell.platform.starting' });
  const words = state === 'starting' ? starting : state === 'restarting' || state === 'failed' ? (problem ?? starting) : null;
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

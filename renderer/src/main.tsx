// First: the session token and the calls the first screen waits for (boot.ts).
import { firstScreenData } from './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FormattedMessage } from 'react-intl';
import { I18nProvider } from './i18n';
import { firstScreenPainted } from './first-paint';
import { ignoreStrayFileDrops } from './drop-guard';
import { startAppNotices } from './state/app-notices';
import { startBatchProgress } from './state/batch-progress';
import { startBuiltinPlatform } from './state/builtin-platform';
import { startComposer } from './state/photo-composer';
import { startHashSync } from './state/navigation';
import { followProfileChanges } from './state/secrets';
import { startNotices } from './state/notifications';
import { startStore } from './state/store';
import { pruneThumbnailsWithDrafts } from './state/thumbnails';
import { startTheme } from './state/theme';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/forms.css';
import './styles/accounts.css';
import './styles/queue.css';
import './styles/queue-batches.css';
import './styles/photos.css';
import './styles/research.css';
import './styles/store.css';
import './styles/watch-folders.css';

ignoreStrayFileDrops();
startTheme();
startHashSync();
startBatchProgress();
startNotices();
startComposer();
startStore();
pruneThumbnailsWithDrafts();
followProfileChanges();

// Work no first screen needs starts once it is painted (first-paint.ts).
void firstScreenPainted.then(() => {
  startBuiltinPlatform();
  startAppNotices();
});

/**
 * How long the first screen waits for its data before it is drawn without it (saying it is loading):
 * the page comes from the same host, which answers these in milliseconds unless the machine is
 * overloaded; then a loading line is better than a blank window.
 */
const FIRST_SCREEN_WAIT_MS = 2000;

// Drawn once with what it shows, rather than a loading screen drawn first and again as each answer comes.
void Promise.race([firstScreenData, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nProvider>
        <ErrorBoundary scope={<FormattedMessage id="shell.appScope" />}>
          <App />
        </ErrorBoundary>
      </I18nProvider>
    </StrictMode>,
  );
});

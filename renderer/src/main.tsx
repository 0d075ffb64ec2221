import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FormattedMessage } from 'react-intl';
import { I18nProvider, startSystemLanguages } from './i18n';
import { ignoreStrayFileDrops } from './drop-guard';
import { startAccounts } from './state/accounts';
import { startAppNotices } from './state/app-notices';
import { startBatchProgress } from './state/batch-progress';
import { startBuiltinPlatform } from './state/builtin-platform';
import { startDrafts } from './state/drafts';
import { startComposer } from './state/photo-composer';
import { startHashSync } from './state/navigation';
import { followProfileChanges } from './state/secrets';
import { startNotices } from './state/notifications';
import { startSettings } from './state/settings';
import { startStore } from './state/store';
import { pruneThumbnailsWithDrafts } from './state/thumbnails';
import { startTheme } from './state/theme';
import { rememberSessionToken } from './api/session';
import { stripTokenFromAddressBar, tokenFromUrl } from './url';
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

// The token first, then the address bar is cleaned: in this order, or the token is lost.
rememberSessionToken(tokenFromUrl(window.location.href));
stripTokenFromAddressBar();
ignoreStrayFileDrops();
startTheme();
startHashSync();
startSettings();
void startSystemLanguages();
startBuiltinPlatform();
startAppNotices();
startAccounts();
startDrafts();
startBatchProgress();
startNotices();
startComposer();
startStore();
pruneThumbnailsWithDrafts();
followProfileChanges();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider>
      <ErrorBoundary scope={<FormattedMessage id="shell.appScope" />}>
        <App />
      </ErrorBoundary>
    </I18nProvider>
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ignoreStrayFileDrops } from './drop-guard';
import { startHashSync } from './state/navigation';
import { startSettings } from './state/settings';
import { startTheme } from './state/theme';
import { stripTokenFromAddressBar } from './url';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/forms.css';

stripTokenFromAddressBar();
ignoreStrayFileDrops();
startTheme();
startHashSync();
startSettings();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary scope="Draftdeck">
      <App />
    </ErrorBoundary>
  </StrictMode>,
);

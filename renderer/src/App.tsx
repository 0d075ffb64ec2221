import { useEffect, useRef, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { AppNotices } from './components/AppNotices';
import { ErrorBoundary } from './components/ErrorBoundary';
import { HostStatus } from './components/HostStatus';
import { PlatformStatus } from './components/PlatformStatus';
import { Sidebar } from './components/Sidebar';
import { UpdateNotice } from './components/UpdateNotice';
import { sectionLabel, useNavigation, type SectionId } from './state/navigation';
import { AccountsView } from './views/AccountsView';
import { PhotosView } from './views/PhotosView';
import { QueueView } from './views/QueueView';
import { ResearchView } from './views/ResearchView';
import { SettingsView } from './views/SettingsView';
import { StoreView } from './views/StoreView';
import { WindowDrop } from './views/queue/WindowDrop';

const VIEWS: Record<SectionId, ComponentType> = {
  queue: QueueView,
  photos: PhotosView,
  research: ResearchView,
  store: StoreView,
  accounts: AccountsView,
  settings: SettingsView,
};

export function App() {
  const section = useNavigation((state) => state.section);
  const main = useRef<HTMLElement>(null);
  const View = VIEWS[section];
  const intl = useIntl();
  const label = intl.formatMessage({ id: sectionLabel(section) });

  useEffect(() => {
    main.current?.scrollTo({ top: 0 });
  }, [section]);
  useEffect(() => {
    document.title = intl.formatMessage({ id: 'shell.documentTitle' }, { section: label });
  }, [intl, label]);

  return (
    <WindowDrop className="app">
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // The hash belongs to navigation; move focus without touching it.
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {intl.formatMessage({ id: 'shell.skipToContent' })}
      </a>
      <Sidebar />
      <main id="main" ref={main} className="main" tabIndex={-1}>
        {/* One sticky stack: each notice below the one before, none covering another's buttons. */}
        <div className="status-notices">
          <HostStatus />
          <PlatformStatus />
          <UpdateNotice />
        </div>
        <AppNotices />
        <div className="main__content">
          <ErrorBoundary key={section} scope={intl.formatMessage({ id: 'shell.pageScope' }, { section: label })}>
            <View />
          </ErrorBoundary>
        </div>
      </main>
    </WindowDrop>
  );
}

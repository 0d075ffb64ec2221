import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { AppNotices } from './components/AppNotices';
import { ErrorBoundary } from './components/ErrorBoundary';
import { firstScreenRendered } from './first-paint';
import { HostStatus } from './components/HostStatus';
import { PlatformStatus } from './components/PlatformStatus';
import { Sidebar } from './components/Sidebar';
import { UpdateNotice } from './components/UpdateNotice';
import { sectionLabel, useNavigation, type SectionId } from './state/navigation';
import { QueueView } from './views/QueueView';
import { WindowDrop } from './views/queue/WindowDrop';

/**
 * The Queue is in the first bundle (the app opens on it); the other pages are each their own
 * chunk, loaded when first opened: parsing and running their code before the Queue's first paint
 * cost it more than anything but the drafts themselves on a busy machine (queue-render benchmark).
 */
const VIEWS: Record<SectionId, ComponentType> = {
  queue: QueueView,
  photos: lazy(() => import('./views/PhotosView').then((module) => ({ default: module.PhotosView }))),
  research: lazy(() => import('./views/ResearchView').then((module) => ({ default: module.ResearchView }))),
  store: lazy(() => import('./views/StoreView').then((module) => ({ default: module.StoreView }))),
  accounts: lazy(() => import('./views/AccountsView').then((module) => ({ default: module.AccountsView }))),
  settings: lazy(() => import('./views/SettingsView').then((module) => ({ default: module.SettingsView }))),
};

export function App() {
  const section = useNavigation((state) => state.section);
  const main = useRef<HTMLElement>(null);
  const View = VIEWS[section];
  const intl = useIntl();
  const label = intl.formatMessage({ id: sectionLabel(section) });

  // The first screen is committed: it counts as painted after the next frame (first-paint.ts).
  useEffect(firstScreenRendered, []);
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
            {/* A page's chunk comes from the app's own files: nothing to show for the moment it takes. */}
            <Suspense fallback={null}>
              <View />
            </Suspense>
          </ErrorBoundary>
        </div>
      </main>
    </WindowDrop>
  );
}

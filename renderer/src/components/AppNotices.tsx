/**
 * The app's notices above every page: a damaged file the app moved aside at start (and where the
 * damaged copy is), a full disk. File notices stay until dismissed; the full-disk one goes by itself.
 */
import { dismissAppNotice, useAppNotices } from '../state/app-notices';
import { Notice } from './Notice';

export function AppNotices() {
  const notices = useAppNotices((state) => state.notices);
  if (notices.length === 0) return null;
  return (
    <div className="app-notices" data-testid="app-notices">
      {notices.map((notice) => (
        <div key={notice.id} data-testid="app-notice" data-kind={notice.kind}>
          <Notice tone="warning" title={notice.title} onDismiss={notice.dismissible ? () => void dismissAppNotice(notice.id) : undefined} dismissLabel={`Dismiss: ${notice.title}`}>
            <p>{notice.body}</p>
            {notice.path ? (
              <p>
                Damaged copy: <code className="app-notices__path">{notice.path}</code>
              </p>
            ) : null}
          </Notice>
        </div>
      ))}
    </div>
  );
}

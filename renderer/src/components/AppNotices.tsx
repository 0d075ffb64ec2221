/**
 * The app's notices above every page: a damaged file the app moved aside at start (and where the
 * damaged copy is), a full disk. File notices stay until dismissed; the full-disk one goes by itself.
 */
import { useIntl } from 'react-intl';
import { sayWords } from '../i18n/main-words';
import { dismissAppNotice, useAppNotices } from '../state/app-notices';
import { Notice } from './Notice';

export function AppNotices() {
  const notices = useAppNotices((state) => state.notices);
  const intl = useIntl();
  if (notices.length === 0) return null;
  return (
    <div className="app-notices" data-testid="app-notices">
      {notices.map((notice) => {
        // The main process sends codes and values; they are worded here, in the window's language.
        const title = sayWords(intl, notice.title);
        return (
          <div key={notice.id} data-testid="app-notice" data-kind={notice.kind}>
            <Notice tone="warning" title={title} onDismiss={notice.dismissible ? () => void dismissAppNotice(notice.id) : undefined} dismissLabel={intl.formatMessage({ id: 'shell.notice.dismiss' }, { title })}>
              <p>{sayWords(intl, notice.body)}</p>
              {notice.path ? <p>{intl.formatMessage({ id: 'shell.notice.damagedCopy' }, { path: notice.path, code: (chunks) => <code className="app-notices__path">{chunks}</code> })}</p> : null}
            </Notice>
          </div>
        );
      })}
    </div>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { LoadStatus } from '../components/LoadStatus';
import { ErrorBanner } from '../components/ErrorBanner';
import { Icon } from '../components/Icon';
import { PageHeader } from '../components/PageHeader';
import { dismissActionError, loadDrafts, useDrafts } from '../state/drafts';
import { addFiles, refuseFiles, useIntake } from '../state/intake';
import { hashFor } from '../state/navigation';
import { AddByUrl } from './queue/AddByUrl';
import { ChooseVideosButton } from './queue/ChooseVideosButton';
import { BulkReport } from './queue/BulkBar';
import { QueueBody, QueueTools } from './queue/QueueTools';
import { IncomingFiles, RefusedFiles } from './queue/IntakeList';
import { QueueToolbar } from './queue/QueueToolbar';
import { targetWords, useUploadTarget, type UploadTarget } from './queue/use-upload-target';
import { DuplicateQuestions } from './queue/DuplicateQuestions';


/** Set once per page load when the queue first shows what it holds (read by the queue-render benchmark). */
export const QUEUE_RENDERED_MARK = 'draftdeck:queue-rendered';
let marked = false;

export function QueueView() {
  const intl = useIntl();
  const loaded = useDrafts((state) => state.loaded);
  const loadError = useDrafts((state) => state.loadError);
  // The whole queue's, also while only its first page is here (drafts.ts).
  const count = useDrafts((state) => state.summary.total);
  const restFailed = useDrafts((state) => state.firstPage !== null && state.loadError !== null);
  const incoming = useIntake((state) => state.items.filter((item) => item.phase !== 'refused' && item.phase !== 'failed').length);
  const target = useUploadTarget();
  const [urlOpen, setUrlOpen] = useState(false);
  const urlToggle = useRef<HTMLButtonElement>(null);
  const closeUrl = () => {
    setUrlOpen(false);
    // The form is gone: keyboard focus goes back to the button that opened it.
    urlToggle.current?.focus();
  };

  const ready = loaded && target.known;
  useEffect(() => {
    if (!ready || marked) return;
    marked = true;
    // After this commit is painted: the next frame starts once it is on screen.
    requestAnimationFrame(() => performance.mark(QUEUE_RENDERED_MARK, { detail: { drafts: count } }));
  }, [ready, count]);

  const empty = count === 0 && incoming === 0;
  const NO_DESTINATION = intl.formatMessage({ id: 'queue.noDestination' });
  const DESCRIPTION = intl.formatMessage({ id: 'queue.description' });
  const onFiles = (files: File[]) => {
    if (target.openIds.length > 0) addFiles(files, target.openIds);
    else refuseFiles(files, NO_DESTINATION);
  };

  if (!ready) {
    return (
      <>
        <PageHeader title={intl.formatMessage({ id: 'queue.title' })} description={DESCRIPTION} />
        <LoadStatus what="queue" error={loadError} onRetry={() => void loadDrafts()} />
      </>
    );
  }

  if (!target.anyAccount && count === 0 && incoming === 0) {
    return (
      <>
        <PageHeader title={intl.formatMessage({ id: 'queue.title' })} description={DESCRIPTION} />
        {/* Files dropped anywhere on the window come here (WindowDrop.tsx). */}
        <div className="queue-page">
          <div className="queue-notices">
            <RefusedFiles />
          </div>
          <EmptyState
            icon="queue"
            title={intl.formatMessage({ id: 'queue.empty.title' })}
            actions={
              <a className="button button--primary" href={hashFor('accounts')}>
                {intl.formatMessage({ id: 'queue.goToAccounts' })}
              </a>
            }
            note={intl.formatMessage({ id: 'queue.empty.note' })}
          >
            <p>{intl.formatMessage({ id: 'queue.empty.noAccountBody' })}</p>
          </EmptyState>
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'queue.title' })} description={DESCRIPTION} />
      <div className="queue-page">
        <QueueToolbar target={target} onFiles={onFiles} hasDrafts={!empty} urlOpen={urlOpen} urlToggle={urlToggle} onToggleUrl={() => (urlOpen ? closeUrl() : setUrlOpen(true))} />
        {urlOpen ? <AddByUrl openId={target.openId} onClose={closeUrl} /> : null}
        {count > 0 ? <QueueTools /> : null}
        <div className="queue-notices">
          {restFailed ? <LoadStatus what="queue" error={loadError} onRetry={() => void loadDrafts()} /> : null}
          <ActionError />
          <BulkReport />
          <DuplicateQuestions />
          <RefusedFiles />
          <IncomingFiles />
        </div>
        {empty ? <DropInvite target={target} onFiles={onFiles} /> : <QueueBody />}
      </div>
    </>
  );
}

function ActionError() {
  const intl = useIntl();
  const actionError = useDrafts((state) => state.actionError);
  if (!actionError) return null;
  return (
    <ErrorBanner title={intl.formatMessage({ id: `queue.actionFailed.${actionError.action}` }, { name: actionError.fileName })} error={actionError.error}>
      <Button variant="ghost" className="button--inline" onClick={dismissActionError}>
        {intl.formatMessage({ id: 'queue.dismiss' })}
      </Button>
    </ErrorBanner>
  );
}

/** An empty queue with somewhere to send: the drop zone invites. */
function DropInvite({ target, onFiles }: { target: UploadTarget; onFiles: (files: File[]) => void }) {
  const intl = useIntl();
  return (
    <section className="drop-invite" aria-labelledby="drop-invite-title">
      <div className="empty-state__icon">
        <Icon name="upload" size={28} />
      </div>
      <h2 className="empty-state__title" id="drop-invite-title">
        {intl.formatMessage({ id: 'queue.empty.title' })}
      </h2>
      <p className="empty-state__body">
        {target.account ? (
          <FormattedMessage id="queue.dropInvite.body" values={{ target: targetWords(target, intl), strong: (chunks) => <strong>{chunks}</strong> }} />
        ) : (
          <FormattedMessage id="queue.dropInvite.noneCanReceive" values={{ link: (chunks) => <a href={hashFor('accounts')}>{chunks}</a> }} />
        )}
      </p>
      {target.account ? (
        <div className="empty-state__actions">
          <ChooseVideosButton onFiles={onFiles} disabled={false} />
        </div>
      ) : null}
      <p className="empty-state__note">{intl.formatMessage({ id: 'queue.dropInvite.note' })}</p>
    </section>
  );
}

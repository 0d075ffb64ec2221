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
import { DropZone } from './queue/DropZone';
import { IncomingFiles, RefusedFiles } from './queue/IntakeList';
import { QueueToolbar } from './queue/QueueToolbar';
import { targetWords, useUploadTarget, type UploadTarget } from './queue/use-upload-target';
import { DuplicateQuestions } from './queue/DuplicateQuestions';

const NO_DESTINATION = 'No account can receive drafts yet: add one, or sign in again, on the Accounts page.';
const DESCRIPTION = "Every video on its way to an account's inbox, with its progress and the platform's status.";

/** Set once per page load when the queue first shows what it holds (read by the queue-render benchmark). */
export const QUEUE_RENDERED_MARK = 'draftdeck:queue-rendered';
let marked = false;

export function QueueView() {
  const loaded = useDrafts((state) => state.loaded);
  const loadError = useDrafts((state) => state.loadError);
  const count = useDrafts((state) => state.order.length);
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
  const onFiles = (files: File[]) => {
    if (target.openIds.length > 0) addFiles(files, target.openIds);
    else refuseFiles(files, NO_DESTINATION);
  };

  if (!ready) {
    return (
      <>
        <PageHeader title="Queue" description={DESCRIPTION} />
        <LoadStatus what="queue" error={loadError} onRetry={() => void loadDrafts()} />
      </>
    );
  }

  if (!target.anyAccount && count === 0 && incoming === 0) {
    return (
      <>
        <PageHeader title="Queue" description={DESCRIPTION} />
        <DropZone destination={null} onFiles={onFiles} onRefused={(files) => refuseFiles(files, NO_DESTINATION)}>
          <div className="queue-notices">
            <RefusedFiles />
          </div>
          <EmptyState
            icon="queue"
            title="No drafts yet"
            actions={
              <a className="button button--primary" href={hashFor('accounts')}>
                Go to Accounts
              </a>
            }
            note="MP4, MOV or WebM videos up to 4 GB each."
          >
            <p>
              Add an account, then drop videos here. Draftdeck sends each one to the account's inbox as a draft, in chunks that resume after a crash or a dropped connection, and
              you finish the post in the platform's app.
            </p>
          </EmptyState>
        </DropZone>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Queue" description={DESCRIPTION} />
      <DropZone destination={targetWords(target)} onFiles={onFiles} onRefused={(files) => refuseFiles(files, NO_DESTINATION)}>
        <QueueToolbar target={target} onFiles={onFiles} hasDrafts={!empty} urlOpen={urlOpen} urlToggle={urlToggle} onToggleUrl={() => (urlOpen ? closeUrl() : setUrlOpen(true))} />
        {urlOpen ? <AddByUrl openId={target.openId} onClose={closeUrl} /> : null}
        {count > 0 ? <QueueTools /> : null}
        <div className="queue-notices">
          <ActionError />
          <BulkReport />
          <DuplicateQuestions />
          <RefusedFiles />
          <IncomingFiles />
        </div>
        {empty ? <DropInvite target={target} onFiles={onFiles} /> : <QueueBody />}
      </DropZone>
    </>
  );
}

function ActionError() {
  const actionError = useDrafts((state) => state.actionError);
  if (!actionError) return null;
  const verb = { pause: 'pause', resume: 'resume', cancel: 'cancel', retry: 'retry', remove: 'remove', move: 'move' }[actionError.action];
  return (
    <ErrorBanner title={`Could not ${verb} ${actionError.fileName}`} error={actionError.error}>
      <Button variant="ghost" className="button--inline" onClick={dismissActionError}>
        Dismiss
      </Button>
    </ErrorBanner>
  );
}

/** An empty queue with somewhere to send: the drop zone invites. */
function DropInvite({ target, onFiles }: { target: UploadTarget; onFiles: (files: File[]) => void }) {
  return (
    <section className="drop-invite" aria-labelledby="drop-invite-title">
      <div className="empty-state__icon">
        <Icon name="upload" size={28} />
      </div>
      <h2 className="empty-state__title" id="drop-invite-title">
        No drafts yet
      </h2>
      <p className="empty-state__body">
        {target.account ? (
          <>
            Drop videos anywhere here, or choose them. Each goes to <strong>{targetWords(target)}</strong> as a draft in the inbox; you finish the post in the platform's app.
          </>
        ) : (
          <>
            None of your accounts can receive drafts right now. <a href={hashFor('accounts')}>Go to Accounts</a> to sign in again or allow uploads.
          </>
        )}
      </p>
      {target.account ? (
        <div className="empty-state__actions">
          <ChooseVideosButton onFiles={onFiles} disabled={false} />
        </div>
      ) : null}
      <p className="empty-state__note">MP4, MOV or WebM, up to 4 GB each</p>
    </section>
  );
}

import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { ErrorBanner } from '../components/ErrorBanner';
import { ChooseFilesButton } from '../components/ChooseFilesButton';
import { PageHeader } from '../components/PageHeader';
import { accountLabel, canReceiveDrafts, useAccounts } from '../state/accounts';
import { hashFor } from '../state/navigation';
import { addPhotoFiles, addPhotoUrls, sendBlocker, sendPosts, toggleAccount, useComposer } from '../state/photo-composer';
import { DropZone } from './queue/DropZone';
import { PostCard } from './photos/PostCard';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,image/gif,image/tiff,.heic,.heif';

export function PhotosView() {
  const posts = useComposer((state) => state.posts);
  const openIds = useComposer((state) => state.openIds);
  const progress = useComposer((state) => state.progress);
  const sending = useComposer((state) => state.sending);
  const message = useComposer((state) => state.message);
  const error = useComposer((state) => state.error);
  const blocker = useComposer(sendBlocker);
  const eligible = useAccounts(useShallow((state) => (state.accounts ?? []).filter(canReceiveDrafts)));
  const [pasted, setPasted] = useState('');
  const photoCount = posts.reduce((sum, post) => sum + post.keys.length, 0);

  return (
    <>
      <PageHeader title="Photos" description="Drop a batch of photos: Draftdeck fixes what the platform would refuse, groups them into posts of up to 35, and sends each post to the inboxes you choose." />
      <DropZone destination={eligible.length > 0 ? 'the photo composer' : null} onFiles={(files) => void addPhotoFiles(files)} onRefused={() => undefined} note="JPEG, PNG, WebP, AVIF, GIF or TIFF; fixed for the platform before sending (HEIC is refused: this build has no HEVC decoder)" testId="photos-drop-zone">
        <div className="photos">
          <div className="photos__toolbar">
            <ChooseFilesButton accept={ACCEPT} onFiles={(files) => void addPhotoFiles(files)} testId="choose-photos-input">
              Choose photos
            </ChooseFilesButton>
            <label className="field photos__paste">
              <span className="field__label">Or paste photo URLs (already on a verified prefix), one per line</span>
              <textarea className="input" rows={2} value={pasted} onChange={(event) => setPasted(event.target.value)} />
            </label>
            <Button
              unavailable={pasted.trim() === ''}
              onClick={() => {
                if (addPhotoUrls(pasted) > 0) setPasted('');
              }}
            >
              Add URLs
            </Button>
          </div>
          <fieldset className="photos__accounts">
            <legend>Send to</legend>
            {eligible.length === 0 ? (
              <p>
                No account can receive drafts yet. <a href={hashFor('accounts')}>Go to Accounts</a>
              </p>
            ) : (
              eligible.map((account) => (
                <label key={account.openId} className="photos__account">
                  <input type="checkbox" checked={openIds.includes(account.openId)} onChange={(event) => toggleAccount(account.openId, event.target.checked)} /> {accountLabel(account)}
                </label>
              ))
            )}
          </fieldset>
          {progress ? (
            <p role="status" className="photos__progress">
              Preparing photos: {progress.done} of {progress.total}
            </p>
          ) : null}
          {message ? (
            <p role="status" className="photos__message">
              {message}. <a href={hashFor('queue')}>Open the queue</a>
            </p>
          ) : null}
          {error ? <ErrorBanner title="The photos could not be sent">{error}</ErrorBanner> : null}
          {posts.length === 0 ? (
            <EmptyState icon="photos" title="No photo posts yet" note="What the platform would refuse is fixed before sending (JPEG, 1080 px on the short side, at most 20 MB), and every change is listed per photo.">
              <p>Drop photos anywhere on this page, or choose them. Each post takes up to 35 photos, in the order you add them.</p>
            </EmptyState>
          ) : (
            posts.map((post, index) => <PostCard key={post.id} post={post} number={index + 1} />)
          )}
          <div className="photos__send">
            <Button variant="primary" busy={sending} unavailable={blocker !== null} aria-describedby="photos-send-hint" onClick={() => void sendPosts()}>
              Send {posts.length} post{posts.length === 1 ? '' : 's'} ({photoCount} photos) to {openIds.length} account{openIds.length === 1 ? '' : 's'}
            </Button>
            <span id="photos-send-hint" className="photos__hint">
              {blocker ?? 'Ready to send'}
            </span>
          </div>
        </div>
      </DropZone>
    </>
  );
}

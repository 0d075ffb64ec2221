import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { RefusedPhotos } from './photos/RefusedPhotos';
import { blockerWords } from './photos/photo-words';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif,image/gif,image/tiff,.heic,.heif';

export function PhotosView() {
  const intl = useIntl();
  const posts = useComposer((state) => state.posts);
  const openIds = useComposer((state) => state.openIds);
  const progress = useComposer((state) => state.progress);
  const sending = useComposer((state) => state.sending);
  const sent = useComposer((state) => state.sent);
  const error = useComposer((state) => state.error);
  const blocker = useComposer(useShallow(sendBlocker));
  const eligible = useAccounts(useShallow((state) => (state.accounts ?? []).filter(canReceiveDrafts)));
  const [pasted, setPasted] = useState('');
  const hintId = useId();
  const photoCount = posts.reduce((sum, post) => sum + post.keys.length, 0);

  return (
    <>
      <PageHeader title={intl.formatMessage({ id: 'photos.title' })} description={intl.formatMessage({ id: 'photos.description' })} />
      <DropZone
        destination={eligible.length > 0 ? intl.formatMessage({ id: 'photos.dropZone.destination' }) : null}
        onFiles={(files) => void addPhotoFiles(files)}
        onRefused={() => undefined}
        note={intl.formatMessage({ id: 'photos.dropZone.note' })}
        testId="photos-drop-zone"
      >
        <div className="photos">
          <div className="photos__toolbar">
            <ChooseFilesButton accept={ACCEPT} onFiles={(files) => void addPhotoFiles(files)} testId="choose-photos-input">
              {intl.formatMessage({ id: 'photos.choose' })}
            </ChooseFilesButton>
            {/* The links' box and its Add links together: alone, the button wrapped under Choose photos at 800 px, far from the box it reads. */}
            <div className="photos__paste-group">
              <label className="field photos__paste">
                <span className="field__label">{intl.formatMessage({ id: 'photos.paste.label' })}</span>
                <textarea className="input" rows={2} value={pasted} onChange={(event) => setPasted(event.target.value)} />
              </label>
              <Button
                unavailable={pasted.trim() === ''}
                onClick={() => {
                  if (addPhotoUrls(pasted) > 0) setPasted('');
                }}
              >
                {intl.formatMessage({ id: 'photos.paste.add' })}
              </Button>
            </div>
          </div>
          <fieldset className="choices choices--cards photos__accounts">
            <legend className="field__label">{intl.formatMessage({ id: 'photos.sendTo' })}</legend>
            {eligible.length === 0 ? (
              <p>
                <FormattedMessage id="photos.sendTo.none" values={{ link: (text) => <a href={hashFor('accounts')}>{text}</a> }} />
              </p>
            ) : (
              <div className="choices__options">
                {eligible.map((account) => (
                  <label key={account.openId} className="choice">
                    <input className="choice__input" type="checkbox" checked={openIds.includes(account.openId)} onChange={(event) => toggleAccount(account.openId, event.target.checked)} />
                    <span className="choice__text">
                      <span className="choice__label">{accountLabel(account)}</span>
                    </span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          {progress ? (
            <p role="status" className="photos__progress">
              {intl.formatMessage({ id: 'photos.progress' }, { done: progress.done, total: progress.total })}
            </p>
          ) : null}
          {sent !== null ? (
            <p role="status" className="photos__message">
              <FormattedMessage id="photos.sent" values={{ count: sent, link: (text) => <a href={hashFor('queue')}>{text}</a> }} />
            </p>
          ) : null}
          {error ? <ErrorBanner title={intl.formatMessage({ id: 'photos.sendFailed' })} error={error} /> : null}
          <RefusedPhotos />
          {posts.length === 0 ? (
            <EmptyState icon="photos" title={intl.formatMessage({ id: 'photos.empty.title' })} note={intl.formatMessage({ id: 'photos.empty.note' })}>
              <p>{intl.formatMessage({ id: 'photos.empty.body' })}</p>
            </EmptyState>
          ) : (
            <>
              {posts.map((post, index) => (
                <PostCard key={post.id} post={post} number={index + 1} posts={posts} />
              ))}
              {/* Only once there is something to send: an empty composer has nothing under it to keep in view. */}
              <div className="photos__send">
                <Button variant="primary" busy={sending} unavailable={blocker !== null} aria-describedby={hintId} onClick={() => void sendPosts()}>
                  {intl.formatMessage({ id: 'photos.send' }, { posts: posts.length, photos: photoCount, accounts: openIds.length })}
                </Button>
                <span id={hintId} className={blocker && 'post' in blocker ? 'photos__hint photos__hint--problem' : 'photos__hint'} role="status">
                  {blockerWords(intl, blocker)}
                </span>
              </div>
            </>
          )}
        </div>
      </DropZone>
    </>
  );
}

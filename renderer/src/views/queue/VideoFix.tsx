/**
 * A video the app fixes before sending (a new container, or H.264): under its facts, what happens
 * to it, FFmpeg's progress and time left while it runs, and the choice (fix it, or send it as it
 * is) while its upload has not begun. The setting (Settings › Videos) gives the default.
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { DraftView, VideoFixView } from '../../api/contract';
import { Button } from '../../components/Button';
import { useFormat } from '../../i18n';
import { sayError } from '../../i18n/main-words';
import { asApiError } from '../../state/settings';
import { request } from '../../state/connection';
import { ProgressBar } from './ProgressBar';

/** States in which the person can still choose (drafts.chooseFix refuses once a publish is open). */
const CHOOSABLE = new Set<DraftView['state']>(['queued', 'waiting', 'paused', 'failed', 'cancelled']);

export function VideoFix({ draft, fix }: { draft: DraftView; fix: VideoFixView }) {
  const intl = useIntl();
  const format = useFormat();
  const [failure, setFailure] = useState<string | null>(null);
  const choose = (choice: 'fix' | 'as_is') => {
    setFailure(null);
    request('drafts.chooseFix', { id: draft.id, choice }).catch((error: unknown) => setFailure(sayError(intl, asApiError(error))));
  };
  const action = fix.action === 'remux' ? 'remux' : 'transcode';
  const running = fix.progress !== null;
  const canChoose = !running && !fix.fixed && draft.publishId === null && CHOOSABLE.has(draft.state);

  let words: string;
  if (running) {
    const percent = Math.floor(fix.progress! * 100);
    words = fix.etaSeconds !== null
      ? intl.formatMessage({ id: `video.fix.${action}.running.eta` }, { percent, left: format.timeLeft(fix.etaSeconds) })
      : intl.formatMessage({ id: `video.fix.${action}.running` }, { percent });
  } else if (fix.fixed) words = intl.formatMessage({ id: `video.fix.${action}.done` });
  else if (fix.choice === 'ask') words = intl.formatMessage({ id: `video.fix.${action}.ask` });
  else if (fix.choice === 'fix') words = intl.formatMessage({ id: `video.fix.${action}.planned` });
  else words = intl.formatMessage({ id: 'video.fix.asIs' });

  return (
    <div className="draft-row__note draft-row__fix" data-fix={fix.fixed ? 'fixed' : running ? 'running' : fix.choice}>
      <span title={words}>{words}</span>
      {running ? <ProgressBar value={Math.floor(fix.progress! * 100)} label={intl.formatMessage({ id: `video.fix.${action}.progress` }, { name: draft.fileName })} /> : null}
      {/* The choices say what they do in a few words (the row shows the file's name): with the name in them, they ran past a narrow row's end. Their names still carry it, for a screen reader's list of buttons. */}
      {canChoose && fix.choice !== 'fix' ? (
        <Button variant="ghost" className="button--inline" aria-label={intl.formatMessage({ id: `video.fix.${action}.choose` }, { name: draft.fileName })} onClick={() => choose('fix')}>
          {intl.formatMessage({ id: 'video.fix.choice.fix' })}
        </Button>
      ) : null}
      {canChoose && fix.choice !== 'as_is' ? (
        <Button variant="ghost" className="button--inline" aria-label={intl.formatMessage({ id: 'video.fix.asIs.choose' }, { name: draft.fileName })} onClick={() => choose('as_is')}>
          {intl.formatMessage({ id: 'video.fix.choice.asIs' })}
        </Button>
      ) : null}
      {failure ? <span role="alert">{failure}</span> : null}
    </div>
  );
}

/**
 * Under a video's name and meta line (size, length): what its container's headers say (picture
 * size as displayed, frame rate, codec) and, when it breaks one of the platform's rules, which one and what happens to it.
 */
import { useIntl } from 'react-intl';
import type { VideoCheckView } from '../../api/contract';
import { checkWords } from './video-words';

export function VideoFacts({ check }: { check: VideoCheckView }) {
  const intl = useIntl();
  const { facts, verdict } = checkWords(intl, check);
  return (
    <>
      {facts ? <p className="draft-row__note draft-row__video">{facts}</p> : null}
      {verdict ? (
        <p className="draft-row__note draft-row__video-rule" data-verdict={check.verdict.kind}>
          {verdict}
        </p>
      ) : null}
    </>
  );
}

/**
 * Under a video's name and meta line (size, length): what its container's headers say (picture
 * size as displayed, frame rate, codec) and, when it breaks one of the platform's rules, which one and what happens to it.
 * A row has room for two such lines: when a fix has its own line below (`withFix`), the facts
 * give way to the verdict and are kept in its title.
 */
import { useIntl } from 'react-intl';
import type { VideoCheckView } from '../../api/contract';
import { checkWords } from './video-words';

export function VideoFacts({ check, withFix }: { check: VideoCheckView; withFix: boolean }) {
  const intl = useIntl();
  const { facts, verdict } = checkWords(intl, check);
  const showFacts = facts && !(withFix && verdict);
  const verdictTitle = [showFacts ? null : facts, verdict].filter(Boolean).join('\n');
  return (
    <>
      {showFacts ? (
        <p className="draft-row__note draft-row__video" title={facts}>
          {facts}
        </p>
      ) : null}
      {verdict ? (
        <p className="draft-row__note draft-row__video-rule" data-verdict={check.verdict.kind} title={verdictTitle}>
          {verdict}
        </p>
      ) : null}
    </>
  );
}

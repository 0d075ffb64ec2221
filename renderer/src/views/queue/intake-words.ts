/** Why a dropped file was refused or failed, in the window's language (state/intake.ts IntakeRefusal). */
import type { IntlShape } from 'react-intl';
import { formatBytes } from '../../i18n/format';
import { sayError } from '../../i18n/main-words';
import type { VideoFileProblem } from '../../media/video-file-rules';
import type { IntakeRefusal } from '../../state/intake';

export function refusalWords(intl: IntlShape, refusal: IntakeRefusal): string {
  switch (refusal.kind) {
    case 'file':
      return fileProblemWords(intl, refusal.problem);
    case 'text':
      return refusal.text;
    case 'failed':
      return sayError(intl, refusal.error);
  }
}

export function fileProblemWords(intl: IntlShape, problem: VideoFileProblem): string {
  switch (problem.code) {
    case 'not_video':
      return problem.extension === null ? intl.formatMessage({ id: 'video.file.notVideo' }) : intl.formatMessage({ id: 'video.file.notVideoExtension' }, { extension: problem.extension });
    case 'empty':
      return intl.formatMessage({ id: 'video.file.empty' });
    case 'too_large':
      return intl.formatMessage({ id: 'video.file.tooLarge' }, { limit: formatBytes(intl, problem.limitBytes) });
  }
}

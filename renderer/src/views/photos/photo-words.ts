/**
 * A photo's fixes and refusals, and why a batch cannot be sent, in the window's language: the main
 * process sends facts and codes (contract/photos.ts), the window words them here, so a change of
 * language rewords them and sizes read in the locale's units.
 */
import type { IntlShape } from 'react-intl';
import type { PhotoChange } from '../../api/contract';
import { formatBytes } from '../../i18n/format';
import { sayError } from '../../i18n/main-words';
import { MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS, type ComposerImage, type SendBlocker } from '../../state/photo-composer';

/** Format names as people know them (brand names: not translated). */
const FORMAT_NAMES: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', heif: 'HEIF', avif: 'AVIF', tiff: 'TIFF', gif: 'GIF' };
/** The platform's limits (electron/services/photos/photo-rules.ts), said in the person's units. */
const MAX_SHORT_SIDE_PX = 1080;
const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

export function changeWords(intl: IntlShape, change: PhotoChange): string {
  switch (change.kind) {
    case 'converted':
      return intl.formatMessage({ id: 'photos.change.converted' }, { from: FORMAT_NAMES[change.from] ?? change.from.toUpperCase() });
    case 'rotated':
      return intl.formatMessage({ id: 'photos.change.rotated' });
    case 'resized':
      return intl.formatMessage({ id: 'photos.change.resized' }, { fromWidth: change.from.width, fromHeight: change.from.height, toWidth: change.to.width, toHeight: change.to.height, limit: MAX_SHORT_SIDE_PX });
    case 'recompressed':
      return intl.formatMessage({ id: 'photos.change.recompressed' }, { from: formatBytes(intl, change.fromBytes), to: formatBytes(intl, change.toBytes), limit: formatBytes(intl, MAX_PHOTO_BYTES) });
    case 'location_removed':
      return intl.formatMessage({ id: 'photos.change.locationRemoved' });
    case 'flattened':
      return intl.formatMessage({ id: 'photos.change.flattened' });
    case 'first_frame':
      return intl.formatMessage({ id: 'photos.change.firstFrame' }, { frames: change.frames });
  }
}

/** Why a photo cannot be posted, in the window's language (its English when the words are unknown). */
export function refusalWords(intl: IntlShape, image: ComposerImage): string {
  return image.refusal ? sayError(intl, image.refusal) : '';
}

export function blockerWords(intl: IntlShape, blocker: SendBlocker | null): string {
  if (!blocker) return intl.formatMessage({ id: 'photos.send.ready' });
  switch (blocker.code) {
    case 'noPhotos':
      return intl.formatMessage({ id: 'photos.send.noPhotos' });
    case 'noAccount':
      return intl.formatMessage({ id: 'photos.send.noAccount' });
    case 'preparing':
      return intl.formatMessage({ id: 'photos.send.preparing' }, { post: blocker.post });
    case 'titleTooLong':
      return intl.formatMessage({ id: 'photos.send.titleTooLong' }, { post: blocker.post, limit: MAX_TITLE_CHARS });
    case 'descriptionTooLong':
      return intl.formatMessage({ id: 'photos.send.descriptionTooLong' }, { post: blocker.post, limit: MAX_DESCRIPTION_CHARS });
  }
}

/**
 * What an account allowed, in a creator's words: the platform's scopes (`video.upload`) are its
 * API's names, shown only behind Details on the card.
 */
import type { IntlShape } from 'react-intl';
import type { MessageId } from '../../i18n';

const PERMISSION_WORDS: Readonly<Record<string, MessageId>> = {
  'user.info.basic': 'accounts.permission.profile',
  'video.upload': 'accounts.permission.upload',
  'video.list': 'accounts.permission.videos',
};

/** Each scope the window has words for, then one "N other permissions" for the rest (their names are in Details). */
export function permissionNames(intl: IntlShape, scopes: readonly string[]): string[] {
  const known = scopes.filter((scope) => scope in PERMISSION_WORDS).map((scope) => intl.formatMessage({ id: PERMISSION_WORDS[scope] }));
  const others = scopes.length - known.length;
  return others > 0 ? [...known, intl.formatMessage({ id: 'accounts.permission.other' }, { count: others })] : known;
}

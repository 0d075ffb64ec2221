/**
 * A video by its address instead of a file: the platform downloads it itself (op 4
 * PULL_FROM_URL), so the address must be on a domain or URL prefix verified for the app on the
 * platform. The page and the main process check the address's form (common/url-policy.ts); the
 * platform decides whether it is verified: its API lists no app's verified prefixes, so nothing can
 * tell before it answers. Its refusal comes with its first answer, and is said here, under the
 * address the person just typed, as well as on the draft's row.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { isHttpsOrLoopback } from '../../../../common/url-policy';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { sayError } from '../../i18n/main-words';
import { request } from '../../state/connection';
import { addedDrafts, useDrafts } from '../../state/drafts';
import { asApiError } from '../../state/settings';
import { ADD_BY_URL_ID } from './QueueToolbar';

/** What every address it takes starts with (not words: the same in every language). */
const URL_START = 'https://';

/** The platform's fail code for an address not on a domain or prefix verified for the app. */
const UNVERIFIED = 'url_ownership_unverified';

/** Opened from the toolbar's "Add by URL"; stays open for the next address until closed (Close or Escape). */
export function AddByUrl({ openId, onClose }: { openId: string | null; onClose: () => void }) {
  const intl = useIntl();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The last address added, until another is typed: if the platform refuses its site, the form says so.
  const [added, setAdded] = useState<{ id: string; host: string } | null>(null);
  const unverified = useDrafts((state) => (added ? state.byId.get(added.id)?.failCode === UNVERIFIED : false));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!openId || busy || url.trim() === '') return;
    // The contract's own rule, so the page says at once what the main process would refuse.
    const address = url.trim();
    if (!isHttpsOrLoopback(address)) return setError(intl.formatMessage({ id: 'queue.addByUrl.notHttps' }));
    setBusy(true);
    try {
      const draft = await request('drafts.addUrl', { openId, url: address });
      addedDrafts([draft]);
      setAdded({ id: draft.id, host: new URL(address).host });
      setUrl('');
      setError(null);
    } catch (caught) {
      setError(sayError(intl, asApiError(caught)));
    } finally {
      setBusy(false);
    }
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  return (
    <form id={ADD_BY_URL_ID} className="add-by-url" aria-label={intl.formatMessage({ id: 'queue.addByUrl.label' })} onSubmit={(event) => void submit(event)} onKeyDown={closeOnEscape}>
      <TextField
        autoFocus
        label={intl.formatMessage({ id: 'queue.addByUrl.field' })}
        hint={intl.formatMessage({ id: 'queue.addByUrl.hint' })}
        error={error ?? (unverified && added ? intl.formatMessage({ id: 'queue.addByUrl.unverified' }, { host: added.host }) : null)}
        type="url"
        inputMode="url"
        placeholder={URL_START}
        value={url}
        onValueChange={(value) => {
          setUrl(value);
          setError(null);
          setAdded(null);
        }}
      />
      <Button variant="secondary" type="submit" unavailable={!openId || url.trim() === ''} busy={busy}>
        {intl.formatMessage({ id: 'queue.addByUrl.add' })}
      </Button>
      <Button variant="ghost" onClick={onClose}>
        {intl.formatMessage({ id: 'queue.close' })}
      </Button>
    </form>
  );
}

/**
 * What fills an account's inbox, draft by draft (drafts.inboxPlaces): each draft holding one of
 * its places on the platform and until when. A cancelled upload the platform still counts is
 * named as such, so "Inbox full" is never a mystery after a cancel.
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { InboxPlaces } from '../../api/contract';
import { request } from '../../state/connection';
import { stateInline } from './draft-words';
import { whenWords } from './when-words';

export function InboxHolders({ openId, name }: { openId: string; name: string }) {
  const intl = useIntl();
  const [places, setPlaces] = useState<InboxPlaces | null>(null);
  useEffect(() => {
    let current = true;
    request('drafts.inboxPlaces', { openId }).then(
      (answer) => current && setPlaces(answer),
      // The reason above still says why; the list is a help, not the answer.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [openId]);
  if (!places || places.held.length === 0) return null;
  const cancelled = places.held.filter((held) => held.state === 'cancelled').length;
  return (
    <div className="inbox-holders" data-testid="inbox-holders">
      <p>{intl.formatMessage({ id: 'queue.inboxHolders.intro' }, { name, places: places.places, cancelled })}</p>
      <ul className="inbox-holders__list">
        {places.held.map((held) => (
          <li key={held.draftId}>
            {held.state === 'cancelled'
              ? intl.formatMessage({ id: 'queue.inboxHolders.cancelled' }, { name: held.fileName, until: whenWords(intl, held.until) })
              : intl.formatMessage({ id: 'queue.inboxHolders.held' }, { name: held.fileName, state: stateInline(intl, held.state), until: whenWords(intl, held.until) })}
          </li>
        ))}
      </ul>
    </div>
  );
}

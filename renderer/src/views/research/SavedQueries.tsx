/** Saved queries: run one, open it in the builder, or delete it; each says when it last ran. */
import { useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import type { SavedQuery } from '../../api/contract';
import { removeSavedQuery, useResearch } from '../../state/research';

export function SavedQueries({ onRun, onEdit }: { onRun(query: SavedQuery): void; onEdit(query: SavedQuery): void }) {
  const intl = useIntl();
  const saved = useResearch((state) => state.saved);
  if (saved.length === 0) return null;
  return (
    <section className="saved-queries" aria-labelledby="saved-queries-title">
      <h2 id="saved-queries-title" className="research__subtitle">{intl.formatMessage({ id: 'research.saved.title' })}</h2>
      <ul>
        {saved.map((query) => (
          <li key={query.id} className="saved-queries__item">
            <span className="saved-queries__name">{query.name}</span>
            <span className="saved-queries__ran">{query.lastRunAt === null
                ? intl.formatMessage({ id: 'research.saved.never' })
                : intl.formatMessage({ id: 'research.saved.lastRun' }, { when: intl.formatDate(query.lastRunAt, { dateStyle: 'medium', timeStyle: 'short' }) })}</span>
            <Button onClick={() => onRun(query)}>{intl.formatMessage({ id: 'research.saved.run' })}</Button>
            <Button variant="ghost" onClick={() => onEdit(query)}>{intl.formatMessage({ id: 'research.saved.edit' })}</Button>
            <Button variant="ghost" onClick={() => void removeSavedQuery(query.id)} aria-label={intl.formatMessage({ id: 'research.saved.deleteLabel' }, { name: query.name })}>
              {intl.formatMessage({ id: 'research.saved.delete' })}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

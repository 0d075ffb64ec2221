/** Saved queries: run one, open it in the builder, or delete it; each says when it last ran. */
import { Button } from '../../components/Button';
import type { SavedQuery } from '../../api/contract';
import { removeSavedQuery, useResearch } from '../../state/research';

export function SavedQueries({ onRun, onEdit }: { onRun(query: SavedQuery): void; onEdit(query: SavedQuery): void }) {
  const saved = useResearch((state) => state.saved);
  if (saved.length === 0) return null;
  return (
    <section className="saved-queries" aria-labelledby="saved-queries-title">
      <h2 id="saved-queries-title" className="research__subtitle">Saved queries</h2>
      <ul>
        {saved.map((query) => (
          <li key={query.id} className="saved-queries__item">
            <span className="saved-queries__name">{query.name}</span>
            <span className="saved-queries__ran">{query.lastRunAt === null ? 'never run' : `last run ${new Date(query.lastRunAt).toLocaleString()}`}</span>
            <Button onClick={() => onRun(query)}>Run</Button>
            <Button variant="ghost" onClick={() => onEdit(query)}>Edit</Button>
            <Button variant="ghost" onClick={() => void removeSavedQuery(query.id)} aria-label={`Delete ${query.name}`}>Delete</Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

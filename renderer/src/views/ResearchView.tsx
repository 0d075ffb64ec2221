/**
 * Research: build a query (or open a saved one), page through the public videos it finds, sort
 * and chart what is loaded, export it, and look up any account. The query is kept while the person
 * is on other pages (kept-draft.ts); a new search's results scroll into view.
 */
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { MAX_WINDOW_DAYS } from '../../../common/research-rules';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { ErrorBanner } from '../components/ErrorBanner';
import { PageHeader } from '../components/PageHeader';
import { dismissResearchError, exportRows, saveQuery, startResearch, startSearch, useResearch } from '../state/research';
import { AccountCard, AccountLookupForm, openAccount } from './research/AccountPanel';
import { ColumnChooser } from './research/ColumnChooser';
import { keepDraft, openSaved, savedQueryOf, useKeptDraft } from './research/kept-draft';
import { LoadControls, QuotaLine } from './research/LoadControls';
import { QueryBuilder } from './research/QueryBuilder';
import { toRequest } from './research/query-model';
import { ResultsChart } from './research/ResultsChart';
import { ResultsTable } from './research/ResultsTable';
import { SavedQueries } from './research/SavedQueries';

export function ResearchView() {
  const intl = useIntl();
  const draft = useKeptDraft((state) => state.draft);
  // Only whether there is a search: its progress (4 events a second while loading) renders the
  // results section and the quota line, not the query builder and everything else on the page.
  const searching = useResearch((state) => state.search !== null);
  const starting = useResearch((state) => state.starting);
  const error = useResearch((state) => state.error);

  useEffect(() => startResearch(), []);

  return (
    <div className="research">
      <PageHeader title={intl.formatMessage({ id: 'research.title' })} description={intl.formatMessage({ id: 'research.description' }, { days: MAX_WINDOW_DAYS })} />
      {error ? (
        <ErrorBanner title={intl.formatMessage({ id: 'research.error.title' })} error={error}>
          <Button variant="ghost" className="banner__action" onClick={dismissResearchError}>{intl.formatMessage({ id: 'research.error.dismiss' })}</Button>
        </ErrorBanner>
      ) : null}
      <div className="research__top">
        <QueryBuilder draft={draft} onChange={keepDraft} searching={starting} onSearch={() => {
            const request = toRequest(draft);
            void startSearch(request, savedQueryOf(request));
          }} onSave={(name) => void saveQuery(name, toRequest(draft))} />
        <aside className="research__side">
          <QuotaLine />
          <AccountLookupForm />
          <SavedQueries
            onRun={(query) => {
              openSaved(query);
              void startSearch(query.request, query.id);
            }}
            onEdit={openSaved}
          />
        </aside>
      </div>
      <AccountCard />
      {searching ? (
        <SearchResults />
      ) : (
        <EmptyState icon="research" title={intl.formatMessage({ id: 'research.empty.title' })} note={intl.formatMessage({ id: 'research.empty.note' })}>
          <p>{intl.formatMessage({ id: 'research.empty.body' }, { days: MAX_WINDOW_DAYS })}</p>
        </EmptyState>
      )}
    </div>
  );
}

/** The search's progress, exports, table and chart; a new search brings them into view. */
function SearchResults() {
  const intl = useIntl();
  const search = useResearch((state) => state.search);
  const exported = useResearch((state) => state.exported);
  const section = useRef<HTMLElement>(null);
  const sessionId = search?.sessionId;
  useEffect(() => {
    if (sessionId) section.current?.scrollIntoView({ block: 'start' });
  }, [sessionId]);
  if (!search) return null;
  return (
    <section className="research__results" aria-label={intl.formatMessage({ id: 'research.results.label' })} ref={section}>
      <LoadControls search={search} />
      <div className="research__export">
        <Button onClick={() => void exportRows('csv')} unavailable={search.loaded === 0}>{intl.formatMessage({ id: 'research.export.csv' })}</Button>
        <Button onClick={() => void exportRows('ndjson')} unavailable={search.loaded === 0}>{intl.formatMessage({ id: 'research.export.ndjson' })}</Button>
        <ColumnChooser fields={search.fields} />
        {exported ? (
          <span role="status">
            {exported.result.kind === 'saved'
              ? intl.formatMessage({ id: 'research.export.saved' }, { rows: exported.result.rows, path: exported.result.path })
              : exported.result.kind === 'download'
                ? intl.formatMessage({ id: 'research.export.downloading' }, { rows: exported.result.rows, format: exported.format.toUpperCase() })
                : intl.formatMessage({ id: 'research.export.cancelled' })}
          </span>
        ) : null}
      </div>
      <ResultsTable fields={search.fields} onOpenAccount={openAccount} />
      <ResultsChart hasTime={search.fields.includes('create_time')} />
    </section>
  );
}

/**
 * Research: build a query (or open a saved one), page through the public videos it finds, sort
 * and chart what is loaded, export it, and look up any account.
 */
import { useEffect, useState } from 'react';
import { Button } from '../components/Button';
import { EmptyState } from '../components/EmptyState';
import { ErrorBanner } from '../components/ErrorBanner';
import { PageHeader } from '../components/PageHeader';
import { dismissResearchError, exportRows, saveQuery, startResearch, startSearch, useResearch } from '../state/research';
import { AccountCard, AccountLookupForm, openAccount } from './research/AccountPanel';
import { LoadControls, QuotaLine } from './research/LoadControls';
import { QueryBuilder } from './research/QueryBuilder';
import { draftFromRequest, emptyDraft, toRequest, type QueryDraft } from './research/query-model';
import { ResultsChart } from './research/ResultsChart';
import { ResultsTable } from './research/ResultsTable';
import { SavedQueries } from './research/SavedQueries';

export function ResearchView() {
  const [draft, setDraft] = useState<QueryDraft>(() => emptyDraft(Date.now()));
  // Only whether there is a search: its progress (4 events a second while loading) renders the
  // results section and the quota line, not the query builder and everything else on the page.
  const searching = useResearch((state) => state.search !== null);
  const starting = useResearch((state) => state.starting);
  const error = useResearch((state) => state.error);

  useEffect(() => startResearch(), []);

  return (
    <div className="research">
      <PageHeader title="Research" description="Public videos and accounts, through the platform's Research API. Up to 30 days at a time; today's quotas are shown as you go." />
      {error ? (
        <ErrorBanner title="Research could not do that" error={error}>
          <Button variant="ghost" className="banner__action" onClick={dismissResearchError}>Dismiss</Button>
        </ErrorBanner>
      ) : null}
      <div className="research__top">
        <QueryBuilder draft={draft} onChange={setDraft} searching={starting} onSearch={() => void startSearch(toRequest(draft))} onSave={(name) => void saveQuery(name, toRequest(draft))} />
        <aside className="research__side">
          <QuotaLine />
          <AccountLookupForm />
          <SavedQueries
            onRun={(query) => {
              setDraft(draftFromRequest(query.request));
              void startSearch(query.request, query.id);
            }}
            onEdit={(query) => setDraft(draftFromRequest(query.request))}
          />
        </aside>
      </div>
      <AccountCard />
      {searching ? (
        <SearchResults />
      ) : (
        <EmptyState icon="research" title="No searches yet" note="Results appear here, with paging, sorting, a chart and exports.">
          <p>Build a query above (at least one condition and up to 30 days) and press Search.</p>
        </EmptyState>
      )}
    </div>
  );
}

/** The search's progress, exports, table and chart. */
function SearchResults() {
  const search = useResearch((state) => state.search);
  const exported = useResearch((state) => state.exported);
  if (!search) return null;
  return (
    <section className="research__results" aria-label="Results">
      <LoadControls search={search} />
      <div className="research__export">
        <Button onClick={() => void exportRows('csv')} unavailable={search.loaded === 0}>Export CSV</Button>
        <Button onClick={() => void exportRows('ndjson')} unavailable={search.loaded === 0}>Export NDJSON</Button>
        {exported ? (
          <span role="status">
            {exported.result.kind === 'saved' ? `Saved ${exported.result.rows.toLocaleString('en-US')} rows to ${exported.result.path}` : exported.result.kind === 'download' ? `Downloading ${exported.result.rows.toLocaleString('en-US')} rows as ${exported.format.toUpperCase()}` : 'Export cancelled'}
          </span>
        ) : null}
      </div>
      <ResultsTable fields={search.fields} onOpenAccount={openAccount} />
      <ResultsChart hasTime={search.fields.includes('create_time')} />
    </section>
  );
}

import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';

export function ResearchView() {
  return (
    <>
      <PageHeader title="Research" description="Public videos and accounts, looked up through the platform's Research API." />
      <EmptyState icon="research" title="No searches yet" note="Research arrives in a later version of Draftdeck.">
        <p>Search public videos by keyword, hashtag, region and date range (up to 30 days at a time), page through the results, and look up any public account by its username.</p>
      </EmptyState>
    </>
  );
}

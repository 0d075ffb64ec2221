import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';

export function PhotosView() {
  return (
    <>
      <PageHeader title="Photos" description="Batches of images, each batch sent to an account's inbox as one photo draft." />
      <EmptyState icon="photos" title="No photo posts yet" note="Photo posts arrive in a later version of Draftdeck.">
        <p>Pick 1 to 35 JPEG or WebP images of up to 20 MB each, give them a title and a description, and Draftdeck delivers them together as one draft.</p>
      </EmptyState>
    </>
  );
}

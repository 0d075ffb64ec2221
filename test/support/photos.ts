/** The committed test photos (assets/photos/generate-test-photos.mjs) and their manifest. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const PHOTO_FIXTURES = resolve(import.meta.dirname, '..', 'fixtures', 'photos');

export interface FixturePhoto {
  name: string;
  index: number;
  format: 'jpeg' | 'png' | 'webp' | 'avif';
  /** As a person sees it (after EXIF orientation). */
  width: number;
  height: number;
  orientation: number;
  gps: boolean;
  alpha: boolean;
}

export const fixturePhotos: FixturePhoto[] = JSON.parse(readFileSync(join(PHOTO_FIXTURES, 'manifest.json'), 'utf8')) as FixturePhoto[];

export const fixturePath = (name: string) => join(PHOTO_FIXTURES, name);
export const problemPath = (name: string) => join(PHOTO_FIXTURES, 'problems', name);

export function fixture(predicate: (photo: FixturePhoto) => boolean): FixturePhoto {
  const found = fixturePhotos.find(predicate);
  if (!found) throw new Error('no fixture photo matches');
  return found;
}

/**
 * The deterministic synthetic research dataset: videos and the accounts that posted them.
 *
 * Same options → byte-identical data. Videos are stored columnar (typed arrays for numbers,
 * dictionary codes for repeated strings, CSR lists for hashtags/effects/description words) so a
 * million of them take a few hundred MB, and rows are ordered by (create_time, id): a date window
 * is then a contiguous row range, which is what keeps every query cheap (see video-index.ts).
 *
 * Create times cover the 730 whole UTC days before the day of `today`: like the real platform,
 * research data lags, so today's videos are not in it yet. Because only the UTC day of `today`
 * matters, the data is stable for a whole day of the sandbox clock.
 */
import { buildDictionaries } from './dataset-dictionaries.js';
import { finishAccounts, generateAccountProfiles } from './dataset-accounts.js';
import { DAY_SECONDS, MAX_DATASET_VIDEOS, SPAN_DAYS, startOfUtcDay, type Dataset, type DatasetOptions } from './dataset-model.js';
import { generateVideos } from './dataset-videos.js';
import { REGIONS } from './vocabulary.js';

// The dataset's parts, each from its own sub-seed: dictionaries (dataset-dictionaries.ts), accounts
// (dataset-accounts.ts), videos (dataset-videos.ts); what a dataset is (dataset-model.ts); reading a
// row back (dataset-rows.ts).
export { DAY_SECONDS, DESCRIPTION_ENDINGS, MAX_DATASET_VIDEOS, SPAN_DAYS, startOfUtcDay, type Accounts, type Dataset, type DatasetOptions } from './dataset-model.js';
export { descriptionOf, effectIdsOf, hashtagsOf, playlistIdOf, videoIdOf, voiceToTextOf } from './dataset-rows.js';

export function generateDataset(options: DatasetOptions): Dataset {
  const { seed, videos: n, accounts: m } = options;
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_DATASET_VIDEOS) throw new RangeError(`videos must be an integer in 0..${MAX_DATASET_VIDEOS}`);
  if (!Number.isSafeInteger(m) || m < 0 || m > 10_000_000) throw new RangeError('accounts must be an integer in 0..10000000');
  if (m === 0 && n > 0) throw new RangeError('accounts must be at least 1 when there are videos to post');
  if (!Number.isFinite(options.today)) throw new RangeError('today must be a time in ms');
  const spanDays = options.spanDays ?? SPAN_DAYS;
  if (!Number.isSafeInteger(spanDays) || spanDays < 1 || spanDays > SPAN_DAYS) throw new RangeError(`spanDays must be an integer in 1..${SPAN_DAYS}`);

  const dictionaries = buildDictionaries(seed, n);
  const spanEnd = startOfUtcDay(options.today);
  const spanStart = spanEnd - spanDays * DAY_SECONDS;

  const profiles = generateAccountProfiles(seed, m);
  const columns = generateVideos(seed, n, spanStart, spanDays, profiles, dictionaries);
  const accounts = finishAccounts(seed, m, profiles, columns);

  return {
    options: { ...options },
    size: n,
    spanStart,
    spanEnd,
    words: dictionaries.words,
    hashtags: dictionaries.hashtags,
    regions: REGIONS.map(([code]) => code),
    musicIds: dictionaries.musicIds,
    effectIds: dictionaries.effectIds,
    ...columns,
    accounts,
  };
}

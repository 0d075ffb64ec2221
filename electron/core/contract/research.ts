/**
 * The research explorer's channels and events (ops 10–11 through the main process, which alone
 * holds the client access token). Loaded rows live in the main process, which also sorts them and
 * sums them per day for the chart; the renderer asks for the rows its table shows
 * (research.search.rows, a window at a time), so loading 100,000 rows sends the renderer progress
 * events and the rows in view, never all 100,000.
 */
import { z } from 'zod';
import {
  ACCOUNT_FIELDS, CONDITION_FIELDS, GROUPS, MAX_CONDITIONS, MAX_SEARCH_ROWS, OPERATIONS, VIDEO_FIELDS, conditionProblem, windowProblem,
} from '../../../common/research-rules.js';
import { AccountRecord, VideoRow } from '../../../platform-api/wire/research.js';
import { NoInput, type ChannelTable, type EventTable, type ContractDocs } from './table.js';
import { Words } from './words.js';

export { AccountRecord, VideoRow };

export const ResearchCondition = z
  .object({
    field_name: z.enum(CONDITION_FIELDS),
    operation: z.enum(OPERATIONS),
    field_values: z.array(z.string().max(500)).min(1).max(1000),
  })
  .strict()
  .superRefine((condition, ctx) => {
    const problem = conditionProblem(condition.field_name, condition.operation, condition.field_values);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type ResearchCondition = z.infer<typeof ResearchCondition>;

export const ResearchQuery = z
  .object({ and: z.array(ResearchCondition).optional(), or: z.array(ResearchCondition).optional(), not: z.array(ResearchCondition).optional() })
  .strict()
  .superRefine((query, ctx) => {
    const total = GROUPS.reduce((sum, group) => sum + (query[group]?.length ?? 0), 0);
    if (total === 0) ctx.addIssue({ code: 'custom', message: 'needs at least one condition in and, or or not' });
    if (total > MAX_CONDITIONS) ctx.addIssue({ code: 'custom', message: `has ${total} conditions; at most ${MAX_CONDITIONS} are allowed` });
  });

const yyyymmdd = z.string().regex(/^\d{8}$/, 'must be a date in YYYYMMDD form (UTC)');

/** What the person asks for: op 10's body without paging, plus the fields to return. */
export const VideoSearchRequest = z
  .object({
    query: ResearchQuery,
    start_date: yyyymmdd,
    end_date: yyyymmdd,
    fields: z.array(z.enum(VIDEO_FIELDS)).min(1).max(VIDEO_FIELDS.length),
    is_random: z.boolean().optional(),
  })
  .strict()
  .superRefine((request, ctx) => {
    const problem = windowProblem(request.start_date, request.end_date);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.where], message: problem.message });
  });
export type VideoSearchRequest = z.infer<typeof VideoSearchRequest>;


/**
 * A row on its way out to the renderer. Every row was parsed with VideoRow when it arrived from
 * the platform (platform-api/research.ts), which dropped anything else it carried, so it is not
 * parsed field by field a second time: that would double the main process's work per row for
 * 100,000 rows and slow the paging it shares the thread with.
 */
const LoadedRow = z.custom<VideoRow>((value) => typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string', 'must be a loaded video row');


/** What is left of today's research quotas, as far as this app has counted (the platform does not say). */
export const ResearchQuota = z.object({
  /** The UTC day the counts belong to, YYYY-MM-DD. */
  day: z.string(),
  requestsUsed: z.number(),
  requestsLimit: z.number(),
  recordsUsed: z.number(),
  recordsLimit: z.number(),
  /** When the quotas reset (00:00 UTC of the next day), ms since the epoch on the platform's clock. */
  resetsAt: z.number(),
});
export type ResearchQuota = z.infer<typeof ResearchQuota>;

/** The loaded results per UTC day (unix seconds of its start, ascending): videos, views, likes. */
export const DaySeries = z.tuple([z.array(z.number()), z.array(z.number()), z.array(z.number()), z.array(z.number())]);
export type DaySeries = z.infer<typeof DaySeries>;

export const RowSort = z.object({ column: z.enum(VIDEO_FIELDS), direction: z.enum(['asc', 'desc']) }).strict();
export type RowSort = z.infer<typeof RowSort>;

export const SEARCH_STATES = ['loading', 'idle', 'done', 'cancelled', 'stopped', 'failed'] as const;

/** One search as the renderer sees it: where loading stands, never the platform's search_id or a token. */
export const SearchView = z.object({
  sessionId: z.string(),
  /** Grows with every view of this search, so the renderer keeps the latest whichever way it came (answer or event). */
  revision: z.number(),
  fields: z.array(z.enum(VIDEO_FIELDS)),
  /** loading; idle (more can be loaded); done (no more results); cancelled; stopped (a quota or limit, see message); failed. */
  state: z.enum(SEARCH_STATES),
  loaded: z.number(),
  /** Loading stops when this many rows are loaded (load more / load all up to N). */
  target: z.number(),
  hasMore: z.boolean(),
  /** Records per second over the last few seconds of loading. */
  recordsPerSecond: z.number().nullable(),
  /** Why loading stopped or waits, in English; `messageWords` the same for the window to say in its language. */
  message: z.string().nullable(),
  messageWords: Words.nullable(),
  errorCode: z.string().nullable(),
  quota: ResearchQuota,
});
export type SearchView = z.infer<typeof SearchView>;

export const SavedQuery = z.object({
  id: z.string(),
  name: z.string(),
  request: VideoSearchRequest,
  savedAt: z.number(),
  /** When a search from it last ran, or null. */
  lastRunAt: z.number().nullable(),
});
export type SavedQuery = z.infer<typeof SavedQuery>;

export const ExportResult = z.discriminatedUnion('kind', [
  /** Electron: written to the file the person chose. */
  z.object({ kind: z.literal('saved'), path: z.string(), rows: z.number() }),
  /** Web mode: the host streams it from this one-time address (open it to download). */
  z.object({ kind: z.literal('download'), url: z.string(), rows: z.number() }),
  z.object({ kind: z.literal('cancelled') }),
]);
export type ExportResult = z.infer<typeof ExportResult>;

export const AccountLookup = z.discriminatedUnion('status', [
  z.object({ status: z.literal('found'), account: AccountRecord }),
  /** The platform answers only for public accounts: an unknown or private one gets this. */
  z.object({ status: z.literal('not_public'), username: z.string(), message: z.string(), words: Words }),
]);
export type AccountLookup = z.infer<typeof AccountLookup>;

const SessionId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const Session = z.object({ sessionId: SessionId }).strict();

export const researchChannels = {
  /** Today's quota use and whether research can run with the active profile. */
  'research.status': { input: NoInput, output: z.object({ quota: ResearchQuota.nullable(), problem: z.string().nullable(), problemWords: Words.nullable() }) },
  /** Runs a new search and loads its first page. */
  'research.search.start': { input: z.object({ request: VideoSearchRequest, savedQueryId: z.string().max(64).optional() }).strict(), output: SearchView },
  /** Loads pages in the background until `upTo` rows are loaded (or no more, a quota, cancel). */
  'research.search.load': { input: z.object({ sessionId: SessionId, upTo: z.number().int().min(1).max(MAX_SEARCH_ROWS) }).strict(), output: SearchView },
  'research.search.cancel': { input: Session, output: SearchView },
  /** Loaded rows [from, from + max), in arrival order or sorted by a column; `loaded`: how many rows that order covers (a sort is made again at most once a second while loading). */
  'research.search.rows': {
    input: z.object({ sessionId: SessionId, from: z.number().int().min(0), max: z.number().int().min(1).max(25_000), sort: RowSort.optional() }).strict(),
    output: z.object({ from: z.number(), loaded: z.number(), rows: z.array(LoadedRow) }),
  },
  /** The loaded rows per UTC day, for the chart. */
  'research.search.days': { input: Session, output: DaySeries },
  'research.search.close': { input: Session, output: z.object({ closed: z.boolean() }) },
  /** Streams the loaded rows to a file (Electron: a save dialog) or a one-time download (web mode). */
  'research.export': { input: z.object({ sessionId: SessionId, format: z.enum(['csv', 'ndjson']) }).strict(), output: ExportResult },
  /** Op 11: one public account by username. */
  'research.account': { input: z.object({ username: z.string().trim().min(1).max(100), fields: z.array(z.enum(ACCOUNT_FIELDS)).min(1) }).strict(), output: AccountLookup },
  /** A public video's page on the platform's web (opened with `shell.openExternal`). */
  'research.videoPage': { input: z.object({ id: z.string().regex(/^\d{1,20}$/), username: z.string().regex(/^[A-Za-z0-9_.]{1,64}$/) }).strict(), output: z.object({ url: z.string() }) },
  'research.saved.list': { input: NoInput, output: z.array(SavedQuery) },
  /** Saves (or, with an existing name, replaces) a named query. */
  'research.saved.save': { input: z.object({ name: z.string().trim().min(1).max(80), request: VideoSearchRequest }).strict(), output: z.array(SavedQuery) },
  'research.saved.remove': { input: z.object({ id: z.string().min(1).max(64) }).strict(), output: z.array(SavedQuery) },
} as const satisfies ChannelTable;

export const researchEvents = {
  /** A search's loading progress (coalesced per search: the latest of each per batch). */
  'research.progress': SearchView,
  'research.saved.changed': z.array(SavedQuery),
} as const satisfies EventTable;

export const researchDocs = {
  title: 'Research',
  channels: {
    'research.status': { output: "`{quota, problem, problemWords}` (`problem` in English, `problemWords` the same as words): today's research use as this app counted it (`requestsUsed/Limit`, `recordsUsed/Limit`, `resetsAt`)" },
    'research.search.start': {
      input: "dates YYYYMMDD, UTC, at most 30 days apart; each condition's operation must fit its field",
      output: 'the search (`sessionId`, `state`, `loaded`, `target`, `hasMore`, `recordsPerSecond`, `message`, `quota`) with its first page (100) loaded',
    },
    'research.search.load': {
      input: '`upTo`: 1–100,000',
      output: 'the search; pages load in the background (progress as `research.progress`) until `upTo`, no more results, cancel, or a daily quota (it stops before one is crossed)',
    },
    'research.search.cancel': { output: 'the search' },
    'research.search.close': { output: '`{closed}`' },
    'research.search.rows': {
      input: '`max` ≤ 25,000; `sort.column` a video field',
      output:
        '`{from, loaded, rows}`: loaded video records `[from, from + max)`, in arrival order or sorted (missing values last, ties in arrival order); ' +
        '`loaded` is how many rows that order covers (while loading, a sort is made again at most once a second)',
    },
    'research.search.days': { output: '`[days, videos, views, likes]`: the loaded records per UTC day (unix seconds of its start, ascending)' },
    'research.export': {
      output: '`{kind:"download", url, rows}` (web mode: open `url`), `{kind:"saved", path, rows}` (Electron: a save dialog) or `{kind:"cancelled"}`; streamed, never built in memory',
    },
    'research.account': { output: '`{status:"found", account}` or `{status:"not_public", username, message, words}` (unknown or private; `message` in English, `words` the same)' },
    'research.videoPage': { input: 'a video `id` (digits) and its `username`', output: '`{url}`: `/@{username}/video/{id}` on the platform\'s web host (the origin of its authorize page)' },
    'research.saved.list': { output: 'the saved queries (`id`, `name`, `request`, `savedAt`, `lastRunAt`)' },
    'research.saved.save': { output: 'the saved queries' },
    'research.saved.remove': { output: 'the saved queries' },
  },
  events: {
    'research.progress': 'a search (as `research.search.start` answers it), the latest per batch',
    'research.saved.changed': 'the saved queries',
  },
} satisfies ContractDocs<typeof researchChannels, typeof researchEvents>;

/**
 * The rows the results table shows, asked for from the main process, where the loaded rows live.
 * The renderer never holds all of them: 100,000 rows are about 30 MB of JSON, and receiving and
 * parsing them took more CPU than the paging itself, on the same two cores the main process pages
 * on (docs/ARCHITECTURE.md "Research"). The table says which rows are in view; this cache asks for
 * them in blocks, with a margin either side so that scrolling finds the next rows already here.
 *
 * A block is asked for again when it is stale: in arrival order, when it was not full and more rows
 * have loaded since (rows only ever append); sorted, when it was made from fewer rows than are
 * loaded now (a new row can sort anywhere). A stale block is shown until its replacement arrives.
 */
import type { RowSort, VideoRow } from '../api/contract';

/** Rows per block: one request brings a screenful or two. */
export const BLOCK = 100;
/** Rows asked for beyond each edge of the table's window: about three screens. */
const MARGIN = 100;
/** Blocks kept beyond each edge of the window; farther ones are dropped, so memory stays flat. */
const KEEP = 20;

/** The search the table shows, as this cache needs it. */
export interface RowSource {
  sessionId: string;
  loaded: number;
  /** No longer loading: the rows in view are the last word. */
  settled: boolean;
  sort: RowSort | null;
}

export interface RowWindowDeps {
  fetch(sessionId: string, from: number, max: number, sort: RowSort | null): Promise<{ loaded: number; rows: VideoRow[] }>;
  current(): RowSource | null;
  /** Rows arrived: the table renders again. */
  arrived(): void;
  failed(error: unknown): void;
  /** Called once per search and row count when that search has settled and the rows in view are here. */
  settled?(source: RowSource): void;
}

interface Block {
  rows: VideoRow[];
  /** How many rows were loaded when the main process answered. */
  loaded: number;
}

export class RowWindowCache {
  private key = '';
  private blocks = new Map<number, Block>();
  private view = { start: 0, end: 0 };
  private filling = false;
  private reported = '';

  constructor(private readonly deps: RowWindowDeps) {}

  /** The row at `index` in the table's order, if it is here. */
  at(index: number): VideoRow | undefined {
    return this.blocks.get(Math.floor(index / BLOCK))?.rows[index % BLOCK];
  }

  /** The table shows rows [start, end). */
  show(start: number, end: number): void {
    if (start === this.view.start && end === this.view.end) return;
    this.view = { start, end };
    this.refresh();
  }

  /** Asks for what the view lacks; called when the search, its loaded rows, the sort or the view changed. */
  refresh(): void {
    void this.fill();
  }

  /** One request at a time, always for the latest view: scrolling fast asks for where it ended up. */
  private async fill(): Promise<void> {
    if (this.filling) return;
    this.filling = true;
    let lastAsked = '';
    try {
      for (;;) {
        const source = this.deps.current();
        if (!source) return;
        this.follow(source);
        const stale = this.staleRange(source);
        if (!stale) return this.reportSettled(source);
        const asked = `${this.key} ${stale.first} ${stale.last} ${source.loaded}`;
        // The same ask twice means the answer did not make it fresh: wait for the next change.
        if (asked === lastAsked) return;
        lastAsked = asked;
        const key = this.key;
        const answer = await this.deps.fetch(source.sessionId, stale.first * BLOCK, (stale.last - stale.first + 1) * BLOCK, source.sort);
        const now = this.deps.current();
        if (!now || keyOf(now) !== key) continue;
        for (let block = stale.first; block <= stale.last; block++) {
          const offset = (block - stale.first) * BLOCK;
          this.blocks.set(block, { rows: answer.rows.slice(offset, offset + BLOCK), loaded: answer.loaded });
        }
        this.evictFarBlocks();
        this.deps.arrived();
      }
    } catch (error) {
      this.deps.failed(error);
    } finally {
      this.filling = false;
    }
  }

  /** Blocks belong to one search in one order: another one starts empty. */
  private follow(source: RowSource): void {
    const key = keyOf(source);
    if (key === this.key) return;
    this.key = key;
    this.blocks = new Map();
  }

  /** The first and last stale blocks of the view and its margins, or null when all are fresh. */
  private staleRange(source: RowSource): { first: number; last: number } | null {
    const from = Math.max(0, this.view.start - MARGIN);
    const to = Math.min(source.loaded, this.view.end + MARGIN);
    let first = -1;
    let last = -1;
    for (let block = Math.floor(from / BLOCK); block * BLOCK < to; block++) {
      if (this.fresh(block, source)) continue;
      if (first < 0) first = block;
      last = block;
    }
    return first < 0 ? null : { first, last };
  }

  private fresh(index: number, source: RowSource): boolean {
    const block = this.blocks.get(index);
    if (!block) return false;
    if (source.sort) return block.loaded >= source.loaded;
    return block.rows.length >= Math.min(BLOCK, source.loaded - index * BLOCK);
  }

  private evictFarBlocks(): void {
    const first = Math.floor(this.view.start / BLOCK) - KEEP;
    const last = Math.floor(this.view.end / BLOCK) + KEEP;
    for (const index of this.blocks.keys()) if (index < first || index > last) this.blocks.delete(index);
  }

  private reportSettled(source: RowSource): void {
    if (!source.settled) return;
    const reported = `${source.sessionId} ${source.loaded}`;
    if (reported === this.reported) return;
    this.reported = reported;
    this.deps.settled?.(source);
  }
}

function keyOf(source: RowSource): string {
  return source.sort ? `${source.sessionId} ${source.sort.column} ${source.sort.direction}` : source.sessionId;
}

/** How the results columns share the table's width: text columns squeezed or widened, numbers kept, every heading whole. */
import { describe, expect, it } from 'vitest';
import { fitColumns } from '../../../../../../renderer/src/views/research/column-fit.js';

const id = { width: 180 };
const views = { width: 100 };
const description = { width: 270, min: 160 };
const account = { width: 140, min: 110 };
const sum = (widths: number[]) => widths.reduce((a, b) => a + b, 0);

describe('fitting the results columns', () => {
  it('keeps each width when they fit exactly, and gives spare room to the text columns only', () => {
    expect(fitColumns([id, views, description], [0, 0, 0], 550)).toEqual([180, 100, 270]);
    const wide = fitColumns([id, views, description, account], [0, 0, 0, 0], 890);
    expect(wide.slice(0, 2)).toEqual([180, 100]);
    // 200 spare px, shared 270:140 between the description and the account.
    expect(wide[2]).toBe(270 + Math.floor((200 * 270) / 410));
    expect(wide[3]).toBe(140 + Math.floor((200 * 140) / 410));
    expect(sum(wide)).toBeLessThanOrEqual(890);
    // No text column: the numbers keep their widths (the table ends short of the box).
    expect(fitColumns([id, views], [0, 0], 900)).toEqual([180, 100]);
  });

  it('squeezes the text columns in proportion to what they can give, into the room there is', () => {
    // 690 px of columns in 620 px: the description can give 110, the account 30.
    const tight = fitColumns([id, views, description, account], [0, 0, 0, 0], 620);
    expect(tight.slice(0, 2)).toEqual([180, 100]);
    expect(sum(tight)).toBeLessThanOrEqual(620);
    expect(tight[2]).toBeGreaterThanOrEqual(160);
    expect(tight[3]).toBeGreaterThanOrEqual(110);
    expect(270 - tight[2]!).toBeGreaterThan(140 - tight[3]!);
  });

  it('stops at the narrowest widths when the room is smaller still (the table scrolls sideways)', () => {
    expect(fitColumns([id, views, description, account], [0, 0, 0, 0], 300)).toEqual([180, 100, 160, 110]);
  });

  it('never draws a column narrower than its heading needs, squeezed or not', () => {
    // pt-BR "Visualizações" needs 131 px in a 100 px column; a heading wider than a text column's min holds it there.
    expect(fitColumns([id, views, description], [60, 131, 40], 2000)[1]).toBe(131);
    expect(fitColumns([id, views, description, account], [60, 131, 40, 125.2], 300)).toEqual([180, 131, 160, 126]);
  });

  it('draws a column sized by its values as wide as its widest value or heading, measured, narrower or wider than its guess', () => {
    const posted = { width: 146, byValue: true };
    // Measured: a 121 px date with its padding (137) in a column guessed at 146; an Arabic one (157) wider than the guess.
    expect(fitColumns([id, posted, description], [60, 137, 40], 2000).slice(0, 2)).toEqual([180, 137]);
    expect(fitColumns([id, posted, description], [60, 157, 40], 2000)[1]).toBe(157);
    // Not measured yet: the guess.
    expect(fitColumns([id, posted, description], [], 2000)[1]).toBe(146);
    // What it gave back lets the others fit: 180 + 137 + 160 in 480 px, where the guess needed 486.
    expect(sum(fitColumns([id, posted, description], [60, 137, 40], 480))).toBeLessThanOrEqual(480);
  });
});

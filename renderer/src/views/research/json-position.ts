/**
 * Where JSON text first goes wrong, as a character offset, by a small recursive-descent scan of the
 * JSON grammar (RFC 8259). JSON.parse's own message carries a position in some engines and not in
 * others, so the JSON editor finds the place itself; JSON.parse still decides what is valid.
 */
export function jsonErrorOffset(text: string): number | null {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string) => {
    for (const char of word) {
      if (text[i] !== char) fail();
      i++;
    }
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length) {
      const char = text[i]!;
      if (char === '"') return void i++;
      if (char < ' ') fail();
      if (char === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 5;
        } else if ('"\\/bfnrt'.includes(text[i] ?? 'x')) i++;
        else fail();
      } else i++;
    }
    fail();
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match || match[0] === '-' || match[0] === '') fail();
    i += match![0].length;
  };
  const value = (): void => {
    space();
    const char = text[i];
    if (char === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (char === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (char === '"') return string();
    if (char === 't') return literal('true');
    if (char === 'f') return literal('false');
    if (char === 'n') return literal('null');
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return number();
    fail();
  };
  try {
    value();
    space();
    return i < text.length ? i : null;
  } catch (offset) {
    return typeof offset === 'number' ? Math.min(offset, text.length) : 0;
  }
}

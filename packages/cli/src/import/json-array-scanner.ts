/** One top-level element of a JSON array: its text, the 1-based line where it starts and the offset where it ends. */
export interface ArrayElement {
  line: number;
  text: string;
  end: number;
}

export class JsonArrayShapeError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonArrayShapeError';
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\ufeff']);

/**
 * Splits `[ a, b, … ]` into its elements with their starting lines, tracking strings and nesting depth,
 * so each element can be parsed and reported on its own. Elements are not parsed here; a broken element
 * only ends at the next top-level comma or bracket. Throws JsonArrayShapeError when the array itself is
 * broken (not closed, content after it, an empty element).
 */
export function* scanJsonArray(text: string): Generator<ArrayElement> {
  let line = 1;
  let i = 0;
  const skipWhitespace = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) {
      if (text[i] === '\n') line++;
      i++;
    }
  };

  skipWhitespace();
  if (text[i] !== '[') throw new JsonArrayShapeError(line, 'the file does not start with "["');
  const openLine = line;
  i++;
  skipWhitespace();
  if (text[i] === ']') {
    i++;
    return expectEnd();
  }

  for (;;) {
    skipWhitespace();
    if (i >= text.length) throw new JsonArrayShapeError(openLine, 'the array opened here is never closed with "]"');
    if (text[i] === ',' || text[i] === ']') throw new JsonArrayShapeError(line, `an empty element (unexpected "${text[i]}")`);
    const startLine = line;
    const start = i;
    let depth = 0;
    let inString = false;
    for (; i < text.length; i++) {
      const char = text[i]!;
      if (char === '\n') line++;
      if (inString) {
        if (char === '\\') {
          if (text[i + 1] === '\n') line++;
          i++;
        } else if (char === '"') inString = false;
      } else if (char === '"') inString = true;
      else if (char === '{' || char === '[') depth++;
      else if (char === '}' || char === ']') {
        if (depth > 0) depth--;
        else if (char === ']') break;
      } else if (char === ',' && depth === 0) break;
    }
    if (i >= text.length) {
      if (inString) throw new JsonArrayShapeError(startLine, 'a string in the element starting here is never closed');
      if (depth > 0) throw new JsonArrayShapeError(startLine, 'the element starting here is never closed');
      throw new JsonArrayShapeError(openLine, 'the array opened here is never closed with "]"');
    }
    yield { line: startLine, text: text.slice(start, i), end: i };
    if (text[i] === ']') {
      i++;
      return expectEnd();
    }
    i++; // the comma
  }

  function expectEnd(): void {
    skipWhitespace();
    if (i < text.length) throw new JsonArrayShapeError(line, 'unexpected content after the closing "]"');
  }
}

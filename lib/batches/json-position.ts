// Where a line of JSON goes wrong. Node 20's JSON.parse says what it met but rarely where ("Unexpected token
// 'n', "{"p": nope}" is not valid JSON"), and its wording changes between V8 versions: a person fixing a
// 10,000-line file needs the column. So a line JSON.parse refused is scanned again by this small checker of
// JSON's grammar, which answers the index of the first character that cannot continue it. No recursion: a
// line may open a million brackets.

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * The index in `text` of the first character that makes it not one JSON value: `text.length` when it ends
 * too soon, or null when it is valid JSON after all.
 */
export function jsonErrorOffset(text: string): number | null {
  const stack: string[] = [];
  let i = 0;
  const space = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  /** A string at `i` (its opening quote); false with `i` at the fault. */
  const string = (): boolean => {
    if (text[i] !== '"') return false;
    i++;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i++;
        return true;
      }
      if (code < 0x20) return false;
      if (code === 0x5c) {
        const escaped = text[i + 1];
        if (escaped === "u") {
          if (!HEX4.test(text.slice(i + 2, i + 6))) return false;
          i += 6;
        } else if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) i += 2;
        else return false;
        continue;
      }
      i++;
    }
    return false;
  };
  const scalar = (): boolean => {
    if (text[i] === '"') return string();
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return true;
      }
    }
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) return false;
    i = NUMBER.lastIndex;
    return true;
  };
  /** An object's key and colon, with `i` just after the `{` or `,`. */
  const key = (): boolean => {
    space();
    if (!string()) return false;
    space();
    if (text[i] !== ":") return false;
    i++;
    return true;
  };

  for (;;) {
    // A value is expected at i.
    space();
    if (i >= text.length) return i;
    const char = text[i];
    if (char === "{" || char === "[") {
      i++;
      space();
      if (text[i] === (char === "{" ? "}" : "]")) i++;
      else {
        stack.push(char);
        if (char === "{" && !key()) return i;
        continue;
      }
    } else if (!scalar()) return i;
    // A value ended: a comma or a closing bracket follows, or the text ends.
    for (;;) {
      space();
      const open = stack.at(-1);
      if (open === undefined) return i < text.length ? i : null;
      if (text[i] === ",") {
        i++;
        if (open === "{" && !key()) return i;
        break;
      }
      if (text[i] !== (open === "{" ? "}" : "]")) return i;
      i++;
      stack.pop();
    }
  }
}

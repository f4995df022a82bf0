/**
 * The offset of the first character that makes `text` invalid JSON, or text.length when it
 * simply ends too soon. V8's own messages name a position only for some errors, so the place
 * is found by scanning (only when JSON.parse has already failed).
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const n = text.length;
  const ws = (): void => {
    while (i < n && ' \t\n\r'.includes(text[i] as string)) i += 1;
  };
  const string = (): boolean => {
    i += 1;
    while (i < n) {
      const c = text[i] as string;
      if (c === '"') {
        i += 1;
        return true;
      }
      if (c === '\\') {
        const e = text[i + 1];
        if (e === undefined) return false;
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i = Math.min(n, i + 2 + (/^[0-9a-fA-F]*/.exec(text.slice(i + 2, i + 6))?.[0].length ?? 0));
            return false;
          }
          i += 6;
        } else if ('"\\/bfnrt'.includes(e)) i += 2;
        else {
          i += 1;
          return false;
        }
      } else if (c < ' ') return false;
      else i += 1;
    }
    return false;
  };
  const scalar = (): boolean => {
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) return false;
    i += m[0].length;
    return true;
  };
  // Containers are tracked on a stack (not by recursion) so a deep tree cannot overflow.
  const stack: Array<'{' | '['> = [];
  let expectValue = true;
  for (;;) {
    ws();
    if (i >= n) return n;
    if (expectValue) {
      const c = text[i];
      if (c === '{' || c === '[') {
        stack.push(c);
        i += 1;
        ws();
        if (i >= n) return n;
        if (text[i] === (c === '{' ? '}' : ']')) {
          stack.pop();
          i += 1;
          expectValue = false;
          if (stack.length === 0) break;
          continue;
        }
        if (c === '{') {
          if (text[i] !== '"' || !string()) return i;
          ws();
          if (i >= n) return n;
          if (text[i] !== ':') return i;
          i += 1;
        }
        continue;
      }
      if (c === '"' ? !string() : !scalar()) return Math.min(i, n);
      expectValue = false;
      if (stack.length === 0) break;
      continue;
    }
    const top = stack[stack.length - 1];
    const c = text[i];
    if (c === ',') {
      i += 1;
      if (top === '{') {
        ws();
        if (i >= n) return n;
        if (text[i] !== '"' || !string()) return i;
        ws();
        if (i >= n) return n;
        if (text[i] !== ':') return i;
        i += 1;
      }
      expectValue = true;
    } else if ((c === '}' && top === '{') || (c === ']' && top === '[')) {
      stack.pop();
      i += 1;
      if (stack.length === 0) break;
    } else return i;
  }
  ws();
  return i;
}

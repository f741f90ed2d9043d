// Parser for the dotenv-style file the API writes at bootstrap (`${ARGUS_DATA_DIR}/console.env`).
// Kept free of `server-only` and of I/O so it can be unit-tested; lib/env.ts does the reading.
//
// Supported, which is all the API writes and what a person editing the file by hand expects:
//   KEY=value            KEY="value with \"escapes\"\n"       KEY='literal value'
//   export KEY=value     # comments and blank lines           KEY=value # trailing comment
// Anything else (a line without `=`, an invalid key) is skipped rather than fatal: one stray line
// must not lock analysts out of the console.

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  // Strip a UTF-8 BOM some editors add; tolerate CRLF line endings.
  for (const rawLine of text.replace(/^\uFEFF/, "").split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === "" || line.startsWith("#")) continue;

    const withoutExport = line.startsWith("export ") ? line.slice("export ".length).trimStart() : line;
    const eq = withoutExport.indexOf("=");
    if (eq <= 0) continue;

    const key = withoutExport.slice(0, eq).trim();
    if (!KEY.test(key)) continue;

    values[key] = parseValue(withoutExport.slice(eq + 1).trim());
  }
  return values;
}

function parseValue(raw: string): string {
  const quote = raw[0];
  if (quote === '"' || quote === "'") {
    const end = findClosingQuote(raw, quote);
    if (end > 0) {
      const inner = raw.slice(1, end);
      return quote === '"' ? unescapeDoubleQuoted(inner) : inner;
    }
    // Unbalanced quote: fall through and keep the text as written.
  }
  // Unquoted: a `#` starts a comment only after whitespace, so `abc#def` survives intact.
  const comment = raw.search(/\s#/);
  return (comment === -1 ? raw : raw.slice(0, comment)).trim();
}

function findClosingQuote(raw: string, quote: string): number {
  for (let i = 1; i < raw.length; i++) {
    if (raw[i] === "\\" && quote === '"') {
      i++;
      continue;
    }
    if (raw[i] === quote) return i;
  }
  return -1;
}

function unescapeDoubleQuoted(inner: string): string {
  return inner.replace(/\\([nrt"\\])/g, (_, ch: string) => {
    switch (ch) {
      case "n":
        return "\n";
      case "r":
        return "\r";
      case "t":
        return "\t";
      default:
        return ch;
    }
  });
}

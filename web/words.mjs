// The page's words (issue 71): the messages that web/index.html and web/light.js ask for with `t('id', ...)`, and the
// rules' reasons the light board's engine gives (crates/fanorona-reasons), taken from the game's own translation
// files (assets/locales/<language>/*.ftl), so that there is no second set to keep in step. `node web/words.mjs PAGE`
// replaces the placeholder __WORDS__ in the file PAGE with them, as a JSON object of Fluent text by language;
// web/package.sh runs it on dist's index.html. It fails on a message a language lacks, and on a message of page.ftl
// (the page's own) that nothing asks for.
//
// `t(`prefix-${...}`)` asks for every message whose id begins with the prefix (`game-outcome-` for the outcomes).

import { readFileSync, readdirSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const LANGUAGES = ['en', 'fr', 'mg'];
const CODE = ['web/index.html', 'web/light.js'];
// The light board's engine gives the rules' reasons as message ids (crates/fanorona-reasons, each in `reason!("id"`).
const REASONS = 'crates/fanorona-reasons/src/lib.rs';

/**
 * The entries of Fluent text by id. Fluent's grammar makes this a matter of lines: an entry begins at the start of
 * a line with its id and `=`; the lines that go on with it are indented (or blank, inside it), but for the `}` that
 * closes a selector, which may stand at the start of a line; anything else there (a comment, the next entry) ends
 * it.
 */
export function entries(text) {
  const found = new Map();
  let id = null;
  let lines = [];
  const end = () => {
    while (lines.length && !lines.at(-1).trim()) lines.pop();
    if (id) found.set(id, lines.join('\n'));
    [id, lines] = [null, []];
  };
  for (const line of text.split('\n')) {
    const start = /^(-?[a-zA-Z][\w-]*)\s*=/.exec(line);
    if (start) {
      end();
      [id, lines] = [start[1], [line]];
    } else if (id && (line.startsWith(' ') || line.startsWith('}') || !line.trim())) {
      lines.push(line);
    } else {
      end();
    }
  }
  end();
  return found;
}

/** The ids the page's code asks for, and the prefixes it asks for every message of. */
function asked() {
  const ids = new Set();
  const prefixes = new Set();
  for (const file of CODE) {
    const code = readFileSync(new URL(file, root), 'utf8');
    for (const [, id] of code.matchAll(/\bt\(\s*['"]([a-z0-9-]+)['"]/g)) ids.add(id);
    for (const [, prefix] of code.matchAll(/\bt\(\s*`([a-z0-9-]+)\$\{/g)) prefixes.add(prefix);
  }
  const reasons = readFileSync(new URL(REASONS, root), 'utf8');
  for (const [, id] of reasons.matchAll(/\breason!\(\s*"([a-z0-9-]+)"/g)) ids.add(id);
  return { ids, prefixes };
}

/** Each language's messages that the page asks for, as Fluent text. */
export function words() {
  const { ids, prefixes } = asked();
  const problems = [];
  const result = {};
  for (const language of LANGUAGES) {
    const dir = new URL(`assets/locales/${language}/`, root);
    const all = new Map();
    let own = new Map();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ftl')).sort()) {
      const found = entries(readFileSync(new URL(file, dir), 'utf8'));
      if (file === 'page.ftl') own = found;
      for (const [id, text] of found) all.set(id, text);
    }
    const chosen = [...all.keys()].filter((id) => ids.has(id) || [...prefixes].some((p) => id.startsWith(p)));
    for (const id of ids) if (!all.has(id)) problems.push(`${language}: ${id} is in no .ftl file`);
    for (const prefix of prefixes) {
      if (!chosen.some((id) => id.startsWith(prefix))) problems.push(`${language}: no message begins with ${prefix}`);
    }
    for (const id of own.keys()) if (!ids.has(id)) problems.push(`${language}/page.ftl: nothing asks for ${id}`);
    result[language] = chosen.map((id) => all.get(id)).join('\n');
  }
  if (problems.length) throw new Error(`the page's words:\n${problems.join('\n')}`);
  return result;
}

if (process.argv[1] && new URL(`file://${process.argv[1]}`).href === import.meta.url) {
  const page = process.argv[2];
  const html = readFileSync(page, 'utf8');
  if (!html.includes('__WORDS__')) throw new Error(`${page}: no __WORDS__ to replace`);
  // As a JSON value inside a script: `<` escaped, so that no text can close the script element.
  const json = JSON.stringify(words()).replace(/</g, '\\u003c');
  writeFileSync(page, html.replace('__WORDS__', () => json));
}

// A TypeDoc plugin (typedoc.json "plugin") for what the API site needs beyond TypeDoc's options:
//
// - Each entry module is named by its import path. A module whose `@module` tag gives no name
//   gets its folder's name from TypeDoc ('boardgameio'); it becomes 'boardrules/boardgameio' when
//   package.json exports './boardgameio'.
// - The README's own `# boardrules` heading is left out of the site's front page, whose title
//   already says it (the page showed the name twice).
// - Inline code in a heading counts as the heading's text, so the page contents ("On This Page")
//   and the anchors keep it: TypeDoc reads only plain text there, and showed "Hive — " for
//   "Hive — `boardrules/hive`" and slugged "What `start` prepares" as "what-prepares", where
//   GitHub, which the docs' links are written for, says "what-start-prepares".
// - A document's link to a repository file outside docs/ (the rule index links every rule to the
//   source lines that enforce it: `../../src/hive/moves.ts#L190`) points at that file on GitHub,
//   instead of a copy without line anchors in the site's media folder (or, for an entry point,
//   its module's page without the line).
// scripts/check-api-site.mjs checks the built site for all of this.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Converter, MarkdownEvent, ReflectionKind, RendererEvent } from 'typedoc';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** `https://github.com/boardrules/boardrules/blob/main/`, from package.json's repository. */
const BLOB = `${String(pkg.repository.url)
  .replace(/^git\+/, '')
  .replace(/\.git$/, '')}/blob/main/`;

/** The import paths of the package: 'boardrules', 'boardrules/hive', … */
function importPaths() {
  return Object.keys(pkg.exports)
    .filter((k) => !k.endsWith('.json'))
    .map((k) => (k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`));
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const paths = new Set(importPaths());
    for (const mod of context.project.getChildrenByKind(ReflectionKind.Module)) {
      const named = `${pkg.name}/${mod.name}`;
      if (!paths.has(mod.name) && paths.has(named)) mod.name = named;
    }
  });

  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const project = context.project;
    const docs = join(root, 'docs') + sep;
    const toGitHub = (parts) => {
      if (!parts) return;
      parts.forEach((part, i) => {
        if (part.kind !== 'relative-link' || typeof part.target !== 'number') return;
        // A page or a picture of the docs stays in the site; a source file (even an entry
        // point, which TypeDoc would send to its module's page without the line) goes to GitHub.
        const file = project.files.resolvePath(part.target);
        if (!file || resolve(file).startsWith(docs)) return;
        const path = relative(root, file).split(sep).join('/');
        const anchor = part.targetAnchor ? `#${part.targetAnchor}` : '';
        parts[i] = { kind: 'text', text: `${BLOB}${path}${anchor}` };
      });
    };
    toGitHub(project.readme);
    for (const doc of project.getReflectionsByKind(ReflectionKind.Document)) toGitHub(doc.content);
  });

  app.renderer.on(
    MarkdownEvent.PARSE,
    (event) => {
      if (event.page?.model?.isProject?.() && event.page.url === 'index.html') {
        const title = `# ${event.page.model.name}\n`;
        if (event.parsedText.startsWith(title)) {
          event.parsedText = event.parsedText.slice(title.length);
        }
      }
    },
    100, // before TypeDoc turns the markdown into HTML (priority 0)
  );

  app.renderer.on(
    RendererEvent.BEGIN,
    () => {
      // TypeDoc's markdown-it parser is made at the start of each render (priority 0).
      const parser = app.renderer.markedPlugin.parser;
      parser.core.ruler.push('heading-code-as-text', (state) => {
        state.tokens.forEach((token, i) => {
          if (token.type !== 'heading_open') return;
          const inline = state.tokens[i + 1];
          if (!inline?.children) return;
          // `code` becomes <code>, the text, </code>: the same HTML, and the text counts.
          inline.children = inline.children.flatMap((child) => {
            if (child.type !== 'code_inline') return [child];
            const open = new state.Token('html_inline', '', 0);
            open.content = '<code>';
            const text = new state.Token('text', '', 0);
            text.content = child.content;
            const close = new state.Token('html_inline', '', 0);
            close.content = '</code>';
            return [open, text, close];
          });
        });
      });
    },
    -100,
  );
}

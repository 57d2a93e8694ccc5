/**
 * Renders PRIVACY.md as the extension page `privacy.html`, so the shipped policy is the file in the
 * repository. Handles the subset PRIVACY.md uses (headings, paragraphs, "- " lists); all text is
 * escaped, and the page has no script, so it is safe under the extension's CSP.
 */
import { readFileSync } from 'node:fs';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function markdownToHtml(markdown: string): { title: string; body: string } {
  const blocks = markdown.trim().split(/\n\s*\n/);
  let title = '';
  const html = blocks.map((block) => {
    const heading = /^(#{1,3}) (.+)$/.exec(block.trim());
    if (heading) {
      const level = (heading[1] as string).length;
      const text = escapeHtml(heading[2] as string);
      if (level === 1 && !title) title = text;
      return `<h${level}>${text}</h${level}>`;
    }
    const joined = (text: string) =>
      escapeHtml(
        text
          .split('\n')
          .map((line) => line.trim())
          .join(' '),
      );
    if (block.startsWith('- ')) {
      const items = block.split(/\n(?=- )/).map((item) => `<li>${joined(item.slice(2))}</li>`);
      return `<ul>${items.join('')}</ul>`;
    }
    return `<p>${joined(block)}</p>`;
  });
  return { title, body: html.join('\n') };
}

export function privacyPage(markdownPath = 'PRIVACY.md'): string {
  const { title, body } = markdownToHtml(readFileSync(markdownPath, 'utf8'));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

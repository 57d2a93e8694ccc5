import { describe, expect, it } from 'vitest';
import { markdownToHtml, privacyPage } from '../../scripts/privacy-page';

describe('privacy page rendered from PRIVACY.md', () => {
  it('turns headings, paragraphs and wrapped list items into HTML', () => {
    const { title, body } = markdownToHtml(
      '# Title\n\nOne\nparagraph.\n\n## Part\n\n- first\n  wrapped\n- second',
    );
    expect(title).toBe('Title');
    expect(body).toBe(
      '<h1>Title</h1>\n<p>One paragraph.</p>\n<h2>Part</h2>\n<ul><li>first wrapped</li><li>second</li></ul>',
    );
  });

  it('escapes markup, so the text can never become HTML', () => {
    const { body } = markdownToHtml('# <b>x</b>\n\n<img src=x onerror="alert(1)"> & more');
    expect(body).toBe(
      '<h1>&lt;b&gt;x&lt;/b&gt;</h1>\n<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; more</p>',
    );
  });

  it('renders the repository’s PRIVACY.md with its title and without any script', () => {
    const page = privacyPage();
    expect(page).toContain('<title>Privacy of Page Options</title>');
    expect(page).toContain('<h2>What is sent, and where</h2>');
    expect(page).not.toContain('<script');
  });
});

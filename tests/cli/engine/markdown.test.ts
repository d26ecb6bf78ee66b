import { describe, expect, it } from 'vitest';
import { markdownToHtml, renderBatch, renderText } from '../../../cli/engine/render/markdown.ts';
import { shippedStrings } from '../../helpers.ts';

/** What the shipped strings say around Markdown, in Spanish and English. */
const words = { es: (await shippedStrings('es')).markdown, en: (await shippedStrings('en')).markdown };

const file = 'content/blog/es/post.md';
/** A text whose body starts on line 7 of its file, after its front matter. */
const text = (markdown: string, lang: 'es' | 'en' = 'es') => ({ hash: 'h', markdown, lang, words: words[lang], file, line: 7 });

describe('Markdown, GitHub-flavoured', () => {
  it('puts a table in a region that scrolls alone, takes focus and is named after its header cells', () => {
    const { html } = markdownToHtml('| Tarea | Frecuencia |\n|---|---|\n| Purgar radiadores | Cada otoño |\n', words.es);
    expect(html).toContain('<section class="table-scroll" tabindex="0" aria-label="Tarea, Frecuencia"><table>\n<thead>');
    expect(html).toContain('<th>Tarea</th>\n<th>Frecuencia</th>');
    expect(html).toContain('<td>Purgar radiadores</td>');
  });

  it('names a table without header text after the word for a table in its language', () => {
    const table = '| | |\n|---|---|\n| a | b |\n';
    expect(markdownToHtml(table, words.es).html).toContain('aria-label="Tabla"');
    expect(markdownToHtml(table, words.en).html).toContain('aria-label="Table"');
  });

  it('renders strikethrough, autolinks, task lists and footnotes, which link both ways and speak the text’s language', () => {
    const { html } = markdownToHtml('~~old~~ www.example.com\n\n- [x] done\n- [ ] to do\n\nNote[^1].\n\n[^1]: The note.\n', words.es);
    expect(html).toContain('<del>old</del> <a href="http://www.example.com">www.example.com</a>');
    expect(html).toContain('<input type="checkbox" checked disabled> done');
    expect(html).toContain('<a href="#user-content-fn-1" id="user-content-fnref-1"');
    expect(html).toContain('<li id="user-content-fn-1">');
    expect(html).toContain('<a href="#user-content-fnref-1" data-footnote-backref="" aria-label="Volver a la referencia 1"');
    expect(html).toContain('<section data-footnotes class="footnotes"><h2 class="sr-only" id="footnote-label">Notas</h2>');
    expect(markdownToHtml('Note[^1].\n\n[^1]: The note.\n', words.en).html).toContain('>Footnotes</h2>');
  });

  it('still drops raw HTML and links that run code', () => {
    const { html } = markdownToHtml('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b onclick="alert(1)">b</b>\n', words.en);
    expect(html).not.toMatch(/script|onclick|javascript/);
    expect(html).toContain('<a>x</a>');
  });
});

/** The catalogue's code of each kind of Markdown left as text, by its message. */
const leftoverCodes: Record<string, string> = {
  'a table row left as text': 'E_TABLE_ROW_LEFTOVER',
  'bold left as text': 'E_BOLD_LEFTOVER',
  'a link left as text': 'E_LINK_LEFTOVER',
  'a heading marker left as text': 'E_HEADING_LEFTOVER',
};

describe('Markdown left as text', () => {
  // Each: the text, and the line and column of the text where the problem starts.
  it.each([
    ['a table row without its |---| line', 'Intro\n\n| Tarea | Frecuencia |\n| Purgar | Cada otoño |\n', 3, 1, 'a table row left as text'],
    ['a table whose |---| line has a cell too many', '| a | b |\n|---|---|---|\n| 1 | 2 |\n', 1, 1, 'a table row left as text'],
    ['a table row under a line of text', 'Frecuencias:\n| Tarea | Frecuencia |\n', 2, 1, 'a table row left as text'],
    ['bold with a space inside', 'Revisa **la caldera ** cada año.\n', 1, 8, 'bold left as text'],
    ['a link with a space in its address', 'Lee [la guía](mi guia.html) antes.\n', 1, 5, 'a link left as text'],
    ['a heading without its space', 'Texto.\n\n##Mantenimiento\n', 3, 1, 'a heading marker left as text'],
    ['a heading of seven #', '####### Demasiado\n', 1, 1, 'a heading marker left as text'],
  ])('is reported at its file and line: %s', (_, markdown, line, column, message) => {
    expect(renderText(text(markdown)).issues).toEqual([
      { file, line: 7 + line - 1, column, code: leftoverCodes[message], message, hint: expect.any(String) },
    ]);
  });

  it('is reported once for each kind in a text, in the order of the text: a whole table as one problem', () => {
    const markdown = 'Ver **esto **y [la guía](mi guia.html).\n\n| a | b |\n| c | d |\n| e | f |\n';
    expect(renderText(text(markdown)).issues.map(({ line, column, message }) => `${line}:${column} ${message}`)).toEqual([
      '7:5 bold left as text',
      '7:16 a link left as text',
      '9:1 a table row left as text',
    ]);
  });

  it('is not reported where the text escapes it, shows it as code, or is the table it meant', () => {
    const fine = '\\*\\*Nota\\*\\* and `**x**` and `|---|`\n\n```\n| a | b |\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n# Título\n';
    expect(renderText(text(fine)).issues).toEqual([]);
  });

  it('is reported for every text of a batch, each at its own file', () => {
    const { issues } = renderBatch({
      texts: [text('| a | b |\n'), { ...text('Ok.\n\n[x](a b)\n'), file: 'content/blog/en/post.md', line: 9 }],
    });
    expect(issues.map(({ file, line }) => `${file}:${line}`)).toEqual([`${file}:7`, 'content/blog/en/post.md:11']);
  });
});

describe('a text the renderer cannot render', () => {
  it('fails naming its file', () => {
    // Deep enough to overflow the stack of remark's tree builder.
    expect(() => renderBatch({ texts: [text('Fine.\n'), text(`${'>'.repeat(2500)} deep`)] })).toThrow(
      /^content\/blog\/es\/post\.md: its Markdown could not be rendered \(Maximum call stack size exceeded\)$/,
    );
  });
});

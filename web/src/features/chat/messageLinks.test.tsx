import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageText } from './MessageText.tsx';
import { linkify } from './messageLinks.ts';

/** The hrefs of the anchors a message renders to. */
function renderedLinks(text: string): string[] {
  const html = renderToStaticMarkup(<MessageText text={text} />);
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1] ?? '');
}

describe('linkify (addresses in a chat message become markdown links)', () => {
  it('links bare domains on real top-level domains, with http:// added, and leaves file names alone', () => {
    expect(linkify('see example.com/a now')).toBe('see [example.com/a](<http://example.com/a>) now');
    expect(linkify('try convene.app')).toBe('try [convene.app](<http://convene.app>)');
    expect(linkify('built on node.js and vite.config.ts')).toBe('built on node.js and vite.config.ts');
    expect(linkify('version 1.2.3, e.g. this')).toBe('version 1.2.3, e.g. this');
  });

  it('keeps trailing punctuation and brackets outside the link', () => {
    expect(linkify('go https://x.org.')).toBe('go [https://x.org](<https://x.org>).');
    expect(linkify('(www.x.org/a)')).toBe('([www.x.org/a](<http://www.x.org/a>))');
    expect(linkify('is it https://x.org/?')).toBe('is it [https://x.org/](<https://x.org/>)?');
  });

  it('makes e-mail addresses mailto: links', () => {
    expect(linkify('mail me at a@b.com')).toBe('mail me at [a@b.com](<mailto:a@b.com>)');
  });

  it('leaves written links, code and autolinks as they are', () => {
    expect(linkify('[site](x.org) and `a.com`')).toBe('[site](x.org) and `a.com`');
    expect(linkify('```\nfetch("x.org")\n```')).toBe('```\nfetch("x.org")\n```');
    expect(linkify('<https://x.org>')).toBe('<https://x.org>');
  });

  it('does not link schemes a message may not follow', () => {
    expect(linkify('ftp://x.org/file and //x.org/a')).toBe('ftp://x.org/file and //x.org/a');
  });

  it('keeps markdown marks inside an address literal', () => {
    expect(linkify('x.org/a_b_c')).toBe('[x.org/a\\_b\\_c](<http://x.org/a_b_c>)');
  });
});

describe('MessageText', () => {
  it('renders found addresses as links that leave in a new tab, and nothing else', () => {
    const html = renderToStaticMarkup(<MessageText text="read node.js docs at nodejs.org/api" />);
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(renderedLinks('read node.js docs at nodejs.org/api')).toEqual(['http://nodejs.org/api']);
    expect(renderedLinks('x.org/a_b_c and https://en.wikipedia.org/wiki/Foo_(bar)')).toEqual([
      'http://x.org/a_b_c',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    ]);
    expect(renderedLinks('[me](javascript:alert(1))')).toEqual([]);
  });
});

import LinkifyIt from 'linkify-it';
import tlds from 'tlds';

/**
 * Finds addresses in text. Bare domains link only when they end in a real top-level domain (the
 * IANA list of the `tlds` package), so `example.com` and `convene.app` link while file names such
 * as `node.js` do not. Schemes a message may not follow (ftp:, protocol-relative `//…`) are not
 * recognised at all, so they stay plain text instead of becoming dead links.
 */
const finder = new LinkifyIt().tlds(tlds).add('ftp:', null).add('//', null);

// Parts of the markdown that already are code or links and must be left as written: fenced code
// blocks, inline code, written links and images, and <…> autolinks.
const keptAsWritten =
  /(```[\s\S]*?(?:```|$)|~~~[\s\S]*?(?:~~~|$)|`[^`\n]*`|!?\[[^\]]*\]\([^)]*\)|<[^<>\s]+>)/;

/**
 * Turns addresses written in a message into markdown links (spec §5: links in text become
 * markdown links, http:// added when no scheme is given; e-mail addresses become mailto: links).
 */
export function linkify(text: string): string {
  return text
    .split(keptAsWritten)
    .map((part, index) => (index % 2 === 1 ? part : linkifyPlain(part)))
    .join('');
}

function linkifyPlain(text: string): string {
  const matches = finder.match(text);
  if (!matches) return text;
  let result = '';
  let from = 0;
  for (const match of matches) {
    result += `${text.slice(from, match.index)}[${escapeLinkText(match.raw)}](<${escapeDestination(match.url)}>)`;
    from = match.lastIndex;
  }
  return result + text.slice(from);
}

// The address shows as typed: markdown's own marks in it (an underscore in a path) stay literal.
function escapeLinkText(raw: string): string {
  return raw.replace(/[\\[\]*_`~<>]/g, (mark) => `\\${mark}`);
}

// Inside <…> a destination ends at '>' and backslashes escape; percent-encoding keeps both literal.
function escapeDestination(url: string): string {
  return url.replace(/[<>\\]/g, (mark) => encodeURIComponent(mark));
}

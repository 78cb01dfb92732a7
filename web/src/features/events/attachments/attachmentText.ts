import { videoEmbedUrl } from '@convene/contract';

/** A piece of a text attachment: plain text, or an http(s) link to make clickable. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; url: string };

const linkPattern = /https?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the link before it. */
const trailingPunctuation = /[.,;:!?)\]]+$/;

/** Splits a text into plain parts and http(s) links (a link's trailing punctuation stays text). */
export function textSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let cursor = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const last = segments.at(-1);
    if (last?.kind === 'text') last.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(linkPattern)) {
    const start = match.index;
    const url = match[0].replace(trailingPunctuation, '');
    pushText(text.slice(cursor, start));
    if (/^https?:\/\/[^/?#]+/i.test(url)) segments.push({ kind: 'link', url });
    else pushText(url);
    cursor = start + url.length;
  }
  pushText(text.slice(cursor));
  return segments;
}

/** The player urls of the allowed video links in a text, each once, in order. */
export function videoPlayersIn(text: string): string[] {
  const players = textSegments(text).flatMap((segment) =>
    segment.kind === 'link' ? [videoEmbedUrl(segment.url)].filter((url): url is string => url !== null) : [],
  );
  return [...new Set(players)];
}

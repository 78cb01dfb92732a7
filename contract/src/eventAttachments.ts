import { z } from 'zod';

/**
 * Event attachments (PRODUCT.md §2.2 Attachments). Every item is `{type, data}`; a `text` item
 * holds the description in `data.text`. Links are http(s) only, so any stored url is safe as
 * an href; video links come only from the hosts below.
 */
export const attachmentMessages = {
  urlInvalid: 'event.errors.urlInvalid',
  videoLinkInvalid: 'event.errors.videoLinkInvalid',
  textInvalid: 'event.errors.descriptionInvalid',
} as const;

/**
 * Hosts whose videos we embed (and their subdomains, e.g. www., m., player.): YouTube and
 * Vimeo, the two the product's users link to; both offer privacy-friendly embed players.
 */
export const videoHosts = ['youtube.com', 'youtube-nocookie.com', 'youtu.be', 'vimeo.com'] as const;

/** The parts of WHATWG URL used here (the contract compiles without DOM or Node types). */
interface ParsedUrl {
  protocol: string;
  hostname: string;
  pathname: string;
  searchParams: { get(name: string): string | null };
}
const Url = (globalThis as unknown as { URL: new (input: string) => ParsedUrl }).URL;

function parseHttpUrl(value: string): ParsedUrl | null {
  try {
    const url = new Url(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** True for an http(s) link on one of the video hosts. */
export function isAllowedVideoUrl(value: string): boolean {
  const url = parseHttpUrl(value.trim());
  if (!url) return false;
  const host = url.hostname.toLowerCase();
  return videoHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** The embeddable player url of an allowed video link; null for anything else. */
export function videoEmbedUrl(value: string): string | null {
  if (!isAllowedVideoUrl(value)) return null;
  const url = new Url(value.trim());
  const host = url.hostname.toLowerCase();
  const safeId = (id: string | null | undefined) => (id && /^[\w-]{1,64}$/.test(id) ? id : null);
  if (host === 'youtu.be' || host.endsWith('.youtu.be')) {
    const id = safeId(url.pathname.split('/')[1]);
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')) {
    const segments = url.pathname.split('/');
    const id = safeId(
      url.searchParams.get('v') ??
        (['embed', 'shorts', 'live'].includes(segments[1] ?? '') ? segments[2] : undefined),
    );
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  const id = url.pathname.split('/').find((segment) => /^\d{1,20}$/.test(segment));
  return id ? `https://player.vimeo.com/video/${id}` : null;
}

const httpUrl = z
  .string()
  .trim()
  .max(2000, { message: attachmentMessages.urlInvalid, abort: true })
  .refine((value) => parseHttpUrl(value) !== null, attachmentMessages.urlInvalid);

/** A link to an uploaded file: our /media/ path, or http(s). */
const mediaOrHttpUrl = z
  .string()
  .trim()
  .max(2000, { message: attachmentMessages.urlInvalid, abort: true })
  .refine(
    (value) => /^\/media\/[\w./-]+$/.test(value) || parseHttpUrl(value) !== null,
    attachmentMessages.urlInvalid,
  );

const nonBlankText = (max: number) =>
  z
    .string()
    .max(max, { abort: true })
    .refine((value) => value.trim().length > 0, attachmentMessages.textInvalid);

/** Every attachment type of PRODUCT.md §2.2. */
export const attachmentTypes = [
  'text',
  'video',
  'image',
  'button',
  'document',
  'twitter',
  'details',
] as const;

/** One attachment. */
export const attachment = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), data: z.object({ text: nonBlankText(10_000) }) }),
  z.object({
    type: z.literal('video'),
    data: z.object({
      url: httpUrl.refine(isAllowedVideoUrl, attachmentMessages.videoLinkInvalid),
    }),
  }),
  z.object({ type: z.literal('image'), data: z.object({ url: mediaOrHttpUrl }) }),
  z.object({
    type: z.literal('button'),
    data: z.object({
      color: z
        .string()
        .max(7, { message: 'event.errors.colorInvalid', abort: true })
        .regex(/^#?[0-9a-fA-F]{6}$/, 'event.errors.colorInvalid'),
      text: nonBlankText(60),
      url: httpUrl,
    }),
  }),
  z.object({
    type: z.literal('document'),
    data: z.object({
      title: nonBlankText(200),
      description: z.string().max(2000).nullish(),
      url: mediaOrHttpUrl,
      fileName: z.string().trim().min(1).max(255),
    }),
  }),
  z.object({
    type: z.literal('twitter'),
    data: z.object({
      widgetId: z
        .string()
        .max(64, { message: 'event.errors.widgetInvalid', abort: true })
        .regex(/^[\w-]{1,64}$/, 'event.errors.widgetInvalid'),
    }),
  }),
  z.object({ type: z.literal('details'), data: z.object({ text: nonBlankText(10_000) }) }),
]);
export type Attachment = z.infer<typeof attachment>;

/** At most this many attachments per event. */
export const attachmentsMax = 20;

/** The cover urls to try in order: the 2:1 crop, then the full image (spec: fall back on error). */
export function coverSources(cover: { croppedUrl: string; url: string } | null | undefined): string[] {
  if (!cover) return [];
  return [...new Set([cover.croppedUrl, cover.url].filter(Boolean))];
}

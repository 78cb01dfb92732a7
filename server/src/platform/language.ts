/**
 * The language to answer in from an Accept-Language header: the first of the header's tags, in
 * the order of their quality values (ties keep the header's order), whose language part
 * (ro-RO → ro) is one of `supported`; null when none is, or the header is absent or malformed.
 * The web app picks its language the same way from navigator.languages (web/src/app/i18n.ts), which
 * browsers send as this header.
 */
export function negotiateLanguage(header: string | undefined, supported: readonly string[]): string | null {
  if (!header || header.length > 1000) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((param) => /^\s*q=([0-9.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      const q = quality === undefined ? 1 : Number(quality);
      return {
        language: tag.trim().split('-')[0]?.toLowerCase() ?? '',
        q: Number.isFinite(q) ? q : 0,
        index,
      };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.find((entry) => supported.includes(entry.language))?.language ?? null;
}

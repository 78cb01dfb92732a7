/**
 * The query a search box sends: the trimmed text once it has at least minChars characters,
 * else '' (nothing to search yet).
 */
export function toSearchQuery(text: string, minChars: number): string {
  const trimmed = text.trim();
  return trimmed.length >= minChars ? trimmed : '';
}

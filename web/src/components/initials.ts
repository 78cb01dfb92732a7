/**
 * Up to two initials of a name (first letters of its first two words), for an avatar without a
 * photo: the one rule every list, card and dialog uses, so a person looks the same everywhere.
 */
export function nameInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

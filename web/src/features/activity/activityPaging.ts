import { limits, type Notification } from '@convene/contract';

/** The two tabs of /activity: every notification, or the pending requests only. */
export type ActivityTab = 'notifications' | 'requests';

/** Page size by position (PRODUCT.md §2.9): the first page 50, every next page 25. */
export function pageSizeAt(skipNumber: number): number {
  return skipNumber === 0 ? limits.notificationFirstPage : limits.notificationNextPage;
}

/** Where the next page starts, or undefined when the last page came back short (the end). */
export function nextSkipNumber(lastSkipNumber: number, lastPageLength: number): number | undefined {
  return lastPageLength < pageSizeAt(lastSkipNumber) ? undefined : lastSkipNumber + lastPageLength;
}

/**
 * The pages as one list. A notification that arrived between two page loads shifts the offsets,
 * so one may come twice: the first copy wins.
 */
export function flattenPages(pages: ReadonlyArray<{ notifications: Notification[] }>): Notification[] {
  const seen = new Set<string>();
  const items: Notification[] = [];
  for (const page of pages) {
    for (const item of page.notifications) {
      if (seen.has(item.notificationId)) continue;
      seen.add(item.notificationId);
      items.push(item);
    }
  }
  return items;
}

/**
 * The list with the requests answered on this screen kept in place, in their answered state:
 * a refresh of the Requests tab drops them (no longer pending), but the person should see the result.
 */
export function withAnswered(
  items: Notification[],
  answered: ReadonlyMap<string, Notification>,
): Notification[] {
  const present = new Set(items.map((item) => item.notificationId));
  const merged = items.map((item) => answered.get(item.notificationId) ?? item);
  for (const item of answered.values()) if (!present.has(item.notificationId)) merged.push(item);
  return merged.sort(
    (first, second) =>
      Date.parse(second.actionDate) - Date.parse(first.actionDate) ||
      second.notificationId.localeCompare(first.notificationId),
  );
}

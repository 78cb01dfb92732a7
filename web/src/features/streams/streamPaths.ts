/** The broadcaster screen of an event: {event path}/stream (PRODUCT.md §2.2). */
export function broadcastPath(eventPath: string): string {
  return `${eventPath.replace(/\/$/, '')}/stream`;
}

/** The viewer screen of a stream: {event path}/streams/{streamId} (PRODUCT.md §2.2). */
export function watchPath(eventPath: string, streamId: string): string {
  return `${eventPath.replace(/\/$/, '')}/streams/${encodeURIComponent(streamId)}`;
}

/** The event page a stream screen belongs to: its path without the stream part. */
export function eventPathOf(streamScreenPath: string): string {
  return streamScreenPath.replace(/\/(stream|streams\/[^/]+|watch\/[^/]+)\/?$/, '');
}

/** Whether `path` is the event page or one of its own screens (leaving it ends a broadcast). */
export function isWithinEvent(path: string, eventPath: string): boolean {
  return path === eventPath || path.startsWith(`${eventPath}/`);
}

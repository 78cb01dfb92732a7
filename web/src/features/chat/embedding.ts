/**
 * When the app runs inside another page (an iframe), it tells the host which conversation is
 * open and its calendar, if linked: the embedding work builds on this message.
 */
export function postOpenedConversation(conversationId: string, calendarId: string | null): void {
  if (window.parent === window) return;
  window.parent.postMessage({ type: 'convene:conversationOpened', conversationId, calendarId }, '*');
}

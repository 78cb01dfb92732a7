import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isEmbedded } from './embeddedMode.ts';
import { connectToHost, postToHost, subscribeHostMessages } from './hostMessages.ts';

/** In embedded mode, a link to another site opens in a new tab rather than inside the frame. */
function openExternalLinksInNewTab(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
  const url = new URL(link.href, window.location.href);
  if (url.origin === window.location.origin) return;
  event.preventDefault();
  window.open(url.href, '_blank', 'noopener,noreferrer');
}

/**
 * The app's side of the host page connection (issue 16): says `ready`, reports each path as
 * `navigated`, opens the paths the host asks for, and keeps other sites out of the frame.
 */
export function EmbedBridge() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const embedded = isEmbedded();

  useEffect(() => {
    if (!embedded) return;
    void connectToHost();
    document.addEventListener('click', openExternalLinksInNewTab);
    const unsubscribe = subscribeHostMessages((message) => {
      if (message.type === 'navigate') void navigate(message.path);
    });
    return () => {
      document.removeEventListener('click', openExternalLinksInNewTab);
      unsubscribe();
    };
  }, [embedded, navigate]);

  useEffect(() => {
    if (embedded) postToHost({ type: 'navigated', path: `${pathname}${search}` });
  }, [embedded, pathname, search]);

  return null;
}

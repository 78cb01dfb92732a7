import { isEmbedded } from './embeddedMode.ts';

const noticeId = 'convene-embed-failure';

/**
 * When the app cannot draw in a host's frame (it failed to start, or React took the page down
 * after an uncaught error): the frame says so instead of staying blank, and the host hears an
 * `error` message (docs/EMBED.md). Plain DOM, no React: what failed may be React's tree. Outside
 * a frame it does nothing.
 */
export function showEmbedFailure(text: string): void {
  if (!isEmbedded() || document.getElementById(noticeId)) return;
  const main = document.createElement('main');
  main.id = noticeId;
  Object.assign(main.style, {
    display: 'grid',
    placeItems: 'center',
    minHeight: '100vh',
    padding: '16px',
    boxSizing: 'border-box',
    fontFamily: 'system-ui, sans-serif',
  });
  const notice = document.createElement('p');
  notice.setAttribute('role', 'alert');
  notice.textContent = text;
  Object.assign(notice.style, {
    maxWidth: '480px',
    margin: '0',
    padding: '12px 16px',
    borderRadius: '10px',
    background: '#fdeded',
    color: '#5f2120',
  });
  main.append(notice);
  document.body.append(main);
  void import('./hostMessages.ts').then((messages) => {
    messages.postToHost({ type: 'error', reason: 'app-failed' });
    // The bridge may never have started (the failure came first): connecting sends what waits.
    void messages.connectToHost();
  });
}

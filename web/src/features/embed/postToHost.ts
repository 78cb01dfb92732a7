import { isEmbedded } from './embeddedMode.ts';
import type { AppToHostMessage } from './hostMessages.ts';

/**
 * Sends a message to the host page (embedded mode only; see hostMessages.ts). Screens call this
 * one: the messaging code loads only in a framed tab, not with every first page (issue 12). Calls
 * reach hostMessages in their order (one module, its imports resolve in turn).
 */
export function postToHost(message: AppToHostMessage): void {
  if (!isEmbedded() || window.parent === window) return;
  void import('./hostMessages.ts').then((messages) => messages.postToHost(message));
}

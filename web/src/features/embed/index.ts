export { captureEmbedLaunch, isEmbedded } from './embeddedMode.ts';
export { showEmbedFailure } from './embedFailure.ts';
export { postToHost } from './postToHost.ts';

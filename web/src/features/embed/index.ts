export { captureEmbedLaunch, isEmbedded } from './embeddedMode.ts';
export { postToHost } from './postToHost.ts';

export { EmbedThemeProvider } from './EmbedThemeProvider.tsx';
export { captureEmbedLaunch, isEmbedded } from './embeddedMode.ts';
export { postToHost } from './hostMessages.ts';

export { EmbedBridge } from './EmbedBridge.tsx';
export { EmbedSignIn } from './EmbedSignIn.tsx';
export { EmbedThemeProvider } from './EmbedThemeProvider.tsx';
export { captureEmbedLaunch, isEmbedded } from './embeddedMode.ts';
export { postToHost } from './hostMessages.ts';

// en.json imported a second time under another path (app/i18nSignedIn.ts), so that the build
// splits its top-level keys between the first page and the signed-in screens.
declare module '*/en.json?signedIn' {
  const en: typeof import('./en.json');
  export = en;
}

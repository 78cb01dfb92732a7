// en.json imported under other paths (app/i18nSignedIn.ts, i18n/enScreens.ts), so that the build
// splits its top-level keys between the first page, the shell and the other signed-in screens.
declare module '*/en.json?signedIn' {
  const en: typeof import('./en.json');
  export = en;
}
declare module '*/en.json?screens' {
  const en: typeof import('./en.json');
  export = en;
}

/** Business constants and limits of PRODUCT.md §1.9, shared by server and web. */
export const limits = {
  /** Account name length after trimming. */
  nameMin: 3,
  nameMax: 40,
  /** Password length; no leading or trailing spaces. */
  passwordMin: 6,
  passwordMax: 30,
  /** Profile description maximum length. */
  descriptionMax: 300,
  /** Calendar title and event name minimum length. */
  titleMin: 3,
  /** Largest accepted image upload, in bytes. */
  imageMaxBytes: 20_000_000,
  /** Cropped images are capped at this size and encoded as JPEG. */
  imageMaxWidth: 1200,
  imageMaxHeight: 675,
  /** Person and calendar search: minimum characters and debounce. */
  searchMinChars: 4,
  searchDebounceMs: 500,
  /** Page sizes. */
  peopleSearchMax: 100,
  calendarPeoplePage: 30,
  eventPage: 50,
  attendeePage: 10,
  notificationFirstPage: 50,
  notificationNextPage: 25,
  /** Snackbar auto-hide, in milliseconds. */
  snackbarMs: 6000,
  /** API version header value sent by clients. */
  apiVersion: '3.7',
  /** Failed logins allowed per (account, source IP) in the window below; then 429. */
  failedLoginMax: 10,
  /** Failed logins allowed per source IP across all accounts in the window; then 429. */
  failedLoginIpMax: 30,
  /** Failed logins of one account from anywhere after which its sign-ins are slowed (not blocked). */
  failedLoginSlowAfter: 10,
  failedLoginWindowMs: 15 * 60 * 1000,
} as const;

/** Layout constants of PRODUCT.md §1.9, in pixels. */
export const layout = {
  sideNavWidth: 256,
  contentMargin: 40,
  bottomBarPadding: 56,
  logoWidth: 138,
  logoHeight: 56,
  dropdownMenuMaxHeight: 162,
  profileDotColor: '#e53935',
} as const;

/** Product name, used in texts such as the feedback mail subject. */
export const productName = 'Convene';

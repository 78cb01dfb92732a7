export * from './accounts.ts';
export * from './calendars.ts';
export * from './outbox.ts';

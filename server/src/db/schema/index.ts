export * from './accounts.ts';
export * from './calendars.ts';
export * from './chat.ts';
export * from './events.ts';
export * from './notifications.ts';
export * from './outbox.ts';
export * from './platform.ts';
export * from './profile.ts';

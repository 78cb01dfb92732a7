export * from './account.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './notifications.ts';
export * from './realtime.ts';

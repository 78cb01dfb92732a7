export * from './account.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './limits.ts';
export * from './media.ts';
export * from './notifications.ts';
export * from './profile.ts';
export * from './realtime.ts';

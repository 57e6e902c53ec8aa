export * from './backup';
export * from './client';
export * from './owner';
export * from './password-hash';
export * as schema from './schema';
export * from './secret-box';

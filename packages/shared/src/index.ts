export * from './accounts';
export * from './auth';
export * from './brands';
export * from './credits';
export * from './errors';
export * from './health';
export * from './meta';
export * from './networks';

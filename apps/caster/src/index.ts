// The caster's protocol layer: pure functions over Buffers, shared with the server, relay and tests.
export * from './protocol/chunked';
export * from './protocol/replies';
export * from './protocol/request-head';
export * from './protocol/sourcetable';
export * from './protocol/sourcetable-filter';

/**
 * The bridge protocol for server code, in one import: the types, topic names and limits
 * (contracts/bridge.ts) and the validators (contracts/bridge-validation.ts).
 */
export * from '../../contracts/bridge.js';
export * from '../../contracts/bridge-validation.js';

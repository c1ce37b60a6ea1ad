/** The shapes of the simple-device API (docs/api.md "Simple devices"): one definition, in contracts/. */
export * from '../../../../contracts/simple-devices';

/** The shapes of the admin API (docs/api.md "admin"): one definition, in contracts/admin.ts. */
export * from '../../../../contracts/admin';

/** Every admin route runs behind the session strategy with the platform administrator scope. */
export const adminOnly = { scope: 'admin' } as const;

// Types of scripts/built.mjs for the TypeScript that calls it (tests/setup/build.ts).
export declare const ROOT: string;
export declare const TARGETS: Record<'server' | 'simulator' | 'cli' | 'bridge' | 'migrations', string>;
export declare function migrationFiles(): string[];
export declare function isStale(name: keyof typeof TARGETS): boolean;
export declare function ensureBuilt(...names: Array<keyof typeof TARGETS>): void;

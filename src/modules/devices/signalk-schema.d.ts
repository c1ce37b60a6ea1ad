/** The part of @signalk/signalk-schema (no type definitions of its own) the devices module uses. */
declare module '@signalk/signalk-schema' {
  export function getMetadata(path: string): { units?: string; description?: string; displayName?: string } | undefined;
}

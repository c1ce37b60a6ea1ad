import { notFound } from '@tanstack/react-router';

/** The `$vesselId` path parameter as a number; anything but a positive integer is a missing page. */
export const vesselIdParams = {
  parse: ({ vesselId }: { vesselId: string }) => {
    const id = Number(vesselId);
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
    return { vesselId: id };
  },
  stringify: ({ vesselId }: { vesselId: number }) => ({ vesselId: String(vesselId) }),
};

import { z } from 'zod';

// Client → server frames of the live socket (socket-frames.ts describes the protocol).
const key = z.string().min(1).max(256);
export const ClientFrameSchema = z.discriminatedUnion('path', [
  z.object({ path: z.literal('/login'), key }),
  z.object({ path: z.literal('/hearBeat'), key: key.optional(), msg: z.string().max(1024).optional() }),
  z.object({ path: z.literal('/wsLog'), key: key.optional(), msg: z.string().max(4096) }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

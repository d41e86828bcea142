export * from './socket-frames.ts';
export * from './client-frames.ts';

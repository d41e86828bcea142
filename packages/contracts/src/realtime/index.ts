export * from './socket-frames.ts';

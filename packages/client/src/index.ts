/**
 * @vigil/client: what the console (packages/web) and the caregiver and installer app
 * (packages/app) share, no React and no antd (docs/architecture: "Packages").
 * - the live socket's state machine (socket-client.ts) and frame codec (frames.ts);
 * - the live connection hub (live-hub.ts): the socket client with the protocol's timings, the
 *   browser's WebSocket and the listener sets each client wraps in its own hooks;
 * - password encryption for `rsa: true` calls (rsa.ts; node-forge loads when a password is sent).
 */
export { SocketClient, type FrameCodec, type SocketClientOptions, type SocketFactory, type SocketLike, type SocketState, type SocketStatus } from './socket-client.ts';
export { socketFrameCodec, type IncomingFrame } from './frames.ts';
export { browserSocket, createLiveHub, liveSocketUrl, type LiveHub, type LiveHubOptions } from './live-hub.ts';
export { encryptPassword } from './rsa.ts';

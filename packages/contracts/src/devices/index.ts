export * from './alert-types.ts';
export * from './catalogue.ts';
export * from './device-settings.ts';
export * from './protocol.ts';
export * from './events.ts';
export * from './registry-events.ts';
export * from './carrier.ts';
export * from './fall-radar.ts';

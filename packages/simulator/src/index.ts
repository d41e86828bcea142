/** Vigil's device simulator: every device type, speaking the device protocol over MQTT or HTTP. Demo devices are simulated. */
export * from './nights/index.ts';

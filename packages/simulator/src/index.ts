/** Vigil's device simulator: every device type, speaking the device protocol over MQTT or HTTP. Demo devices are simulated. */
export * from './nights/index.ts';
export { startSimulation, type Scenario, type SimulationHandle, type SimulationOptions, type SimulationStats } from './simulation.ts';
export type { SimulatedDeviceSpec, SimulatedSubDevice } from './devices/spec.ts';
export { ambientEvents, offlineSpells, type AmbientEvent } from './devices/ambient.ts';
export { residentDays } from './devices/resident-day.ts';
export { LAST_WILL } from './transport/mqtt.ts';
export { startSimulatedCarrier, type SimulatedCarrier, type SimulatedCarrierDeviceInput, type SimulatedCarrierOptions } from './carrier/platform.ts';
export { devicesFromVigilDatabase, vigilDeviceKeySecret } from './vigil-db.ts';

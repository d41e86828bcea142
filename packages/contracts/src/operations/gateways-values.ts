// Gateway and install-wizard numbers without schemas: the console's screens read them without zod.

export const LOCATION_MAX = 64;

/** Pairing (spec 02 §4): to be paired, paired. `none` for devices that are not sub-devices. */
export const PAIRING_STATES = ['none', 'toPair', 'paired'] as const;
export type PairingState = (typeof PAIRING_STATES)[number];

/** How long a host listens for new sub-devices after subDevicePair2 (spec 02 §9: network wait about 2 minutes). */
export const PAIRING_WINDOW_S = 120;
/** Gateway wizard numbers (spec 02 §9). */
export const GATEWAY_WIZARD = {
  powerButtonS: [3, 5],
  resetButtonS: 30,
  networkWaitS: 120,
  pairButtonS: 3,
  signalLevelMin: 2,
  wifiDistanceM: 5,
} as const;
/** Door/motion install numbers (spec 02 §9). */
export const SECURITY_INSTALL = { motionHeightM: [1.8, 2.2], doorGapCmMax: 1 } as const;

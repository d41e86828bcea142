import { DEVICE_TYPES, deviceTypeInfo, shownInEdition, type DeviceKind, type DeviceScreen, type DeviceTypeInfo, type Edition } from '@vigil/contracts';
import type { KeyOf } from '../../i18n/namespaces.ts';

/** The label key of each device kind (spec 02 §3). */
export const KIND_LABEL_KEYS: Readonly<Record<DeviceKind, KeyOf<'devices-shared'>>> = {
  sleepMonitor: 'devicesShared.kind.sleepMonitor',
  emergencyCall: 'devicesShared.kind.emergencyCall',
  waterImmersion: 'devicesShared.kind.waterImmersion',
  doorMagnet: 'devicesShared.kind.doorMagnet',
  smoke: 'devicesShared.kind.smoke',
  gas: 'devicesShared.kind.gas',
  carbonMonoxide: 'devicesShared.kind.carbonMonoxide',
  humanMotion: 'devicesShared.kind.humanMotion',
  electronicBadge: 'devicesShared.kind.electronicBadge',
  fallRadar: 'devicesShared.kind.fallRadar',
  gatewayHost: 'devicesShared.kind.gatewayHost',
  nurseWatch: 'devicesShared.kind.nurseWatch',
};

/** The catalogue's types a screen manages in an edition (the type filter and the add dialog offer these). */
export function typesOnScreen(screen: DeviceScreen, edition: Edition): DeviceTypeInfo[] {
  return DEVICE_TYPES.filter((info) => info.screen === screen && shownInEdition(info, edition));
}

/**
 * Every type of the edition: the vendor roles' stock on the main device screen (spec 02 §2). The
 * three overseas screens show a care home's installed devices, so the vendor stocks radars,
 * gateways, their sub-devices and the NB-IoT sensors here.
 */
export function typesInEdition(edition: Edition): DeviceTypeInfo[] {
  return DEVICE_TYPES.filter((info) => shownInEdition(info, edition));
}

/** "BM8701-2" and its kind's label key; the kind is null for a type the catalogue does not hold. */
export function describeType(type: number): { model: string; kindKey: KeyOf<'devices-shared'> | null } {
  const info = deviceTypeInfo(type);
  return info ? { model: info.model, kindKey: KIND_LABEL_KEYS[info.kind] } : { model: String(type), kindKey: null };
}

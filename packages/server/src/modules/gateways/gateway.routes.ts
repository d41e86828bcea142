import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import { readUpload, spreadsheetFile } from '../spreadsheets/workbook.ts';
import type { FallRadarService } from './fall-radar.service.ts';
import type { GatewaySpreadsheet } from './gateway-spreadsheet.ts';
import type { GatewayService } from './gateway.service.ts';

/** Gateway hosts and sub-devices (/he), recent device events, fall monitors (/fallRadar, /enclosure site and real-time mode). */
export function gatewayRoutes(routes: OperationRegistrar, gateways: GatewayService, spreadsheet: GatewaySpreadsheet, radars: FallRadarService): void {
  routes.secured(api.heAddHost, async (input, { session }) => gateways.addHost(session, input));
  routes.secured(api.heGetDeviceList, async (input, { session }) => gateways.list(session, input));
  routes.secured(api.heRoomSensors, async (input, { session }) => gateways.roomSensors(session, input));
  routes.secured(api.heInsertDevice, async (input, { session }) => gateways.insertSubDevice(session, input));
  routes.secured(api.heReplaceDevice, async (input, { session }) => gateways.replace(session, input));
  routes.secured(api.heSubDevicePair, async (input, { session }) => gateways.pairOne(session, input));
  routes.secured(api.heSubDevicePair2, async (input, { session }) => gateways.openPairing(session, input));
  routes.secured(api.heSubDeviceUnPair, async (input, { session }) => gateways.unpair(session, input));
  routes.secured(api.heSubDevicePairStatus, async (input, { session }) => gateways.pairStatus(session, input));
  routes.secured(api.heDeleteDevice, async (input, { session }) => gateways.remove(session, input));
  routes.secured(api.heChangProvider, async (input, { session }) => gateways.changeProvider(session, input));
  routes.secured(api.heExcelHostModel, async (input, { language }) => {
    const file = spreadsheet.template('host', input.lan ?? language);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.heExcelSubModel, async (input, { language }) => {
    const file = spreadsheet.template('sub', input.lan ?? language);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.heHostBatchAdd, async (_input, { session, language }, request) => spreadsheet.importHosts(session, language, await readUpload(request)));
  routes.secured(api.heInfraredBatchAdd, async (_input, { session, language }, request) => spreadsheet.importSubDevices(session, language, await readUpload(request)));
  routes.secured(api.deviceRecentEvents, async (input, { session }) => gateways.recentEvents(session, input));

  routes.secured(api.fallRadarList, async (input, { session }) => radars.list(session, input));
  routes.secured(api.fallRadarGetSettings, async (input, { session }) => radars.get(session, input.deviceId));
  routes.secured(api.fallRadarSaveSettings, async (input, { session }) => radars.save(session, input));
  routes.secured(api.enclosureCurrentSite, async (input, { session }) => radars.currentSite(session, input.deviceId));
  routes.secured(api.enclosureRealtimeStart, async (input, { session }) => radars.startRealtime(session, input.deviceId));
  routes.secured(api.enclosureRealtimeStop, async (input, { session }) => radars.stopRealtime(session, input.deviceId));
}

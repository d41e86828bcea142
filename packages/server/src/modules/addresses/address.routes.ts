import * as api from '@vigil/contracts';
import type { OperationRegistrar } from '../../http/register.ts';
import { readUpload, spreadsheetFile } from '../spreadsheets/workbook.ts';
import type { AddressService } from './address.service.ts';
import type { BedService } from './bed.service.ts';
import type { BedSpreadsheet } from './bed-spreadsheet.ts';

/** Address management: areas, floors, rooms and beds (/area, /room, /bunkManagement, /bunk, /userBunk). */
export function addressRoutes(routes: OperationRegistrar, addresses: AddressService, beds: BedService, spreadsheet: BedSpreadsheet): void {
  routes.secured(api.getAreaList, async (input, { session }) => addresses.listAreas(session, input));
  routes.secured(api.insertArea, async (input, { session }) => addresses.insertArea(session, input));
  routes.secured(api.updateArea, async (input, { session }) => addresses.updateArea(session, input));
  routes.secured(api.deleteAreaById, async (input, { session }) => addresses.deleteArea(session, input.id));
  routes.secured(api.getAreaWithRoomList, async (_input, { session }) => addresses.tree(session));
  routes.secured(api.getRoomListByAreaId, async (input, { session }) => addresses.roomsOfArea(session, input.areaId));

  routes.secured(api.getRoomList, async (input, { session }) => addresses.listRooms(session, input));
  routes.secured(api.insertRooms, async (input, { session }) => addresses.insertRooms(session, input));
  routes.secured(api.updateRoom, async (input, { session }) => addresses.updateRoom(session, input));
  routes.secured(api.deleteRoomById, async (input, { session }) => addresses.deleteRoom(session, input.id));

  routes.secured(api.bunkSummary, async (_input, { session }) => beds.summary(session));
  routes.secured(api.bunkList, async (input, { session }) => beds.page(session, input));
  routes.secured(api.insertBunks, async (input, { session }) => beds.insertBeds(session, input));
  routes.secured(api.updateBunk, async (input, { session }) => beds.updateBed(session, input));
  routes.secured(api.deleteBunk, async (input, { session }) => beds.deleteBed(session, input.id));
  routes.secured(api.bunkRoomList, async (input, { session }) => addresses.roomsForPicker(session, input.areaId));
  routes.secured(api.getBunksByRoomName, async (input, { session }) => beds.bedsByRoomName(session, input));
  routes.secured(api.getBunkListByRoomId, async (input, { session }) => beds.bedsOfRoom(session, input.roomId));
  routes.secured(api.getUserBunkList, async (input, { session }) => beds.userBunkList(session, input));
  routes.secured(api.getUserBunkConfiguration, async (_input, { session }) => beds.configuration(session));
  routes.secured(api.getAdminBunkList, async (input, { session }) => beds.adminBunkList(session, input));

  routes.secured(api.bunkExcelModel, async (_input, { language }) => {
    const file = spreadsheet.template(language);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.bunkExportData, async (input, { session, language }) => {
    const file = await spreadsheet.export(session, language, input.areaId);
    return spreadsheetFile(file.fileName, file.bytes);
  });
  routes.secured(api.batchAddBunk, async (_input, { session, language }, request) => spreadsheet.import(session, language, await readUpload(request)));
}

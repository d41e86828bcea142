import type { AreaNode, BedNode } from './addressesApi.ts';

function bed(id: number, name: string, roomId: number, resident: { id: number; name: string } | null, deviceCode: string | null = null): BedNode {
  return {
    id, name, roomId, roomName: `Room ${roomId}`, floorId: 11, floorName: 'Floor 1', buildingId: 1, buildingName: 'North',
    deviceCode, residentId: resident?.id ?? null, residentName: resident?.name ?? null,
    devices: deviceCode ? [{ deviceId: deviceCode, deviceType: 10000 }] : [],
  };
}

/** A small address tree for tests: North (floor 1: rooms 101 with two beds, 102 empty), South with no floors. */
export function sampleTree(): AreaNode[] {
  const area = { level: 1 as const, parentId: null, parentName: null, floorCount: 1, roomCount: 2, bedCount: 2 };
  return [
    {
      ...area, id: 1, name: 'North',
      floors: [
        {
          id: 11, name: 'Floor 1', level: 2, parentId: 1, parentName: 'North', floorCount: 0, roomCount: 2, bedCount: 2,
          rooms: [
            {
              id: 101, name: '101', floorId: 11, floorName: 'Floor 1', buildingId: 1, buildingName: 'North', bedCount: 2,
              beds: [bed(1001, 'A', 101, { id: 7, name: 'Li Wei' }, 'SM-01'), bed(1002, 'B', 101, null)],
            },
            { id: 102, name: '102', floorId: 11, floorName: 'Floor 1', buildingId: 1, buildingName: 'North', bedCount: 0, beds: [] },
          ],
        },
      ],
    },
    { ...area, id: 2, name: 'South', floorCount: 0, roomCount: 0, bedCount: 0, floors: [] },
  ];
}

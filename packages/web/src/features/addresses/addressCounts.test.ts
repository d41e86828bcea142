import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { areaCounts, findPlace, floorCounts } from './addressCounts.ts';
import { sampleTree } from './addressTree.fixture.ts';
import { roomsShown } from './bedFilter.ts';

describe('address tree counts and selection', () => {
  it('counts rooms, beds and occupied beds of a floor and of its area', () => {
    const [north] = sampleTree();
    assert.deepEqual(floorCounts(north.floors[0]), { rooms: 2, beds: 2, occupied: 1 });
    assert.deepEqual(areaCounts(north), { rooms: 2, beds: 2, occupied: 1 });
    assert.deepEqual(areaCounts(sampleTree()[1]), { rooms: 0, beds: 0, occupied: 0 });
  });

  it('finds the selected area or floor, and nothing for a deleted one', () => {
    const tree = sampleTree();
    assert.equal(findPlace(tree, 'area-2')?.area.name, 'South');
    const floor = findPlace(tree, 'floor-11');
    assert.equal(floor?.area.name, 'North');
    assert.equal(floor?.floor?.name, 'Floor 1');
    assert.equal(findPlace(tree, 'floor-99'), null);
    assert.equal(findPlace(tree, null), null);
  });

  it('shows only rooms with a matching bed when filtering vacant or occupied beds', () => {
    const rooms = sampleTree()[0].floors[0].rooms;
    assert.deepEqual(roomsShown(rooms, 'all').map((room) => room.name), ['101', '102']);
    assert.deepEqual(roomsShown(rooms, 'vacant').map((room) => room.name), ['101']);
    assert.deepEqual(roomsShown(rooms, 'occupied').map((room) => room.name), ['101']);
  });
});

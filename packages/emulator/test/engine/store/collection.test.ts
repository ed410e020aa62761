/** The skeleton every family store shares: records in insertion order, found by id, inserted and removed. */
import { describe, expect, it } from 'vitest';
import { Collection } from '../../../src/engine/store/collection.js';

const records = () => [
  { id: '1', name: 'one' },
  { id: '2', name: 'two' },
  { id: '3', name: 'three' },
];

describe('Collection', () => {
  it('finds a record by its id, given as a string or a number; an unknown id finds nothing', () => {
    const collection = new Collection(records());
    expect(collection.find('2')?.name).toBe('two');
    expect(collection.find(3)?.name).toBe('three');
    expect(collection.find('4')).toBeUndefined();
  });

  it('keeps insertion order through inserts and removals, and removes only what passes the test', () => {
    const collection = new Collection(records());
    collection.insert({ id: '4', name: 'four' });
    collection.remove(collection.find('1') ?? { id: 'none', name: 'none' });
    expect(collection.removeWhere((record) => record.name.startsWith('t')).map((record) => record.id)).toEqual([
      '2',
      '3',
    ]);
    expect(collection.all().map((record) => record.id)).toEqual(['4']);
    expect(collection.remove({ id: 'x', name: 'not here' }).id).toBe('x');
    expect(collection.all()).toHaveLength(1);
  });
});

import { TRANSFER_GROUP_NAMES } from '@console/domain/operations';
import { describe, expect, inject, it } from 'vitest';
import { buildTestApp } from '../../testing/index.ts';
import { transferGroups } from '../../transfer-groups.ts';
import { createTransferService } from './transfer.service.ts';
import { checkTransferGroups, type TransferGroup } from './transfer-group.ts';

const group = (name: string): TransferGroup => ({
  name,
  list: async () => [],
  write: async () => {},
  remove: async () => {},
});

describe('transfer registry', () => {
  it("accepts the product's groups, in preview order, and cannot be changed at run time", () => {
    expect(checkTransferGroups(transferGroups).map((entry) => entry.name)).toEqual([
      'Release info',
      'Plugins',
      'NICE config',
      'A/B-tests',
      'Configurations',
    ]);
    expect(Object.isFrozen(transferGroups)).toBe(true);
    // the screen offers the domain's names as the groups to choose
    expect(transferGroups.map((entry) => entry.name)).toEqual(TRANSFER_GROUP_NAMES);
  });

  it('refuses a name given twice, a missing name and a missing function, listing each problem', () => {
    const broken = { ...group('Broken'), remove: undefined } as unknown as TransferGroup;
    expect(() => checkTransferGroups([group('A'), group(' '), group('A'), broken])).toThrow(
      "Transfer groups: group 2 has no name; 'A' is registered twice; 'Broken' has no remove()",
    );
    expect(() => createTransferService([group('A'), group('A')])).toThrow(
      "Transfer groups: 'A' is registered twice",
    );
  });

  it('stops the app at start when its registry is refused', async () => {
    // Refused while the routes are registered, before anything connects to the database.
    await expect(
      buildTestApp(inject('adminUrl'), {}, { transferGroups: [group('Twice'), group('Twice')] }),
    ).rejects.toThrow("Transfer groups: 'Twice' is registered twice");
  });
});

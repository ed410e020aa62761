/**
 * Default sample data of what boards carry besides items: a table view on the roadmap (view 7801), the roadmap's
 * validations (status required, rule 7901: an estimate of at least 1), and Ada's favorites (the roadmap, then the
 * marketing workspace: favorites 7951, 7952). Account 1001 is acme (user 501 Ada).
 */
import type { FavoriteRecord } from './favorites.js';
import type { BoardValidationsRecord } from './validations.js';
import type { BoardViewRecord } from './views.js';

const T0 = '2024-09-02T09:00:00Z';

/** A fresh copy of the board views, validations and favorites of the default seed. */
export function boardExtrasSeed(): {
  boardViews: BoardViewRecord[];
  validations: BoardValidationsRecord[];
  favorites: FavoriteRecord[];
} {
  const favorite = (id: string, position: number, objectType: FavoriteRecord['objectType'], objectId: string) => ({
    id,
    accountId: '1001',
    userId: '501',
    objectType,
    objectId,
    name: null,
    position,
    createdAt: T0,
    updatedAt: T0,
  });
  return {
    favorites: [favorite('7951', 1, 'Board', '3001'), favorite('7952', 2, 'Workspace', '7002')],
    boardViews: [
      {
        id: '7801',
        accountId: '1001',
        boardId: '3001',
        kind: 'TABLE',
        name: 'This quarter, by date',
        filter: { operator: 'and', rules: [{ column_id: 'status', compare_value: [0, 2], operator: 'any_of' }] },
        filterTeamId: null,
        filterUserId: null,
        sort: [{ column_id: 'date4', direction: 'asc' }],
        settings: { columns: { column_properties: [{ column_id: 'files', visible: false }] } },
        tags: ['planning'],
        createdById: '501',
        createdAt: T0,
        updatedAt: T0,
      },
    ],
    validations: [
      {
        boardId: '3001',
        requiredColumnIds: ['status'],
        rules: [
          {
            id: '7901',
            boardId: '3001',
            condition: null,
            constraint: {
              operator: 'AND',
              groups: [{ column_id: 'numbers', operator: 'GREATER_THAN_OR_EQUALS', compare_value: [1] }],
            },
          },
        ],
      },
    ],
  };
}

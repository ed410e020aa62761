/**
 * Default sample data of the account-level platform families: dashboards 86xx with their widgets, object schemas
 * 87xx, board automations 88xx with the runs recorded for them, and templates 89xx.
 * Account 1001 is acme (users 501 Ada, 502 Grace), account 2002 is globex (user 601 Hank); see seed.ts.
 */
import type { DashboardRecord, WidgetRecord } from './dashboards.js';
import type { BoardSchemaConnectionRecord, ObjectSchemaRecord } from './object-schemas.js';

/** The platform families' part of the seed. */
export interface PlatformSeed {
  dashboards: DashboardRecord[];
  widgets: WidgetRecord[];
  objectSchemas: ObjectSchemaRecord[];
  /** Boards connected to object schemas. */
  objectSchemaConnections: BoardSchemaConnectionRecord[];
}

const T0 = '2024-09-02T09:00:00Z';
const ACME = '1001';
const GLOBEX = '2002';
const ADA = '501';
const HANK = '601';

/** A fresh copy of the platform families' default sample data. */
export function defaultPlatformSeed(): PlatformSeed {
  return {
    dashboards: [
      {
        id: '8601',
        accountId: ACME,
        name: 'Delivery overview',
        kind: 'PUBLIC',
        workspaceId: '7001',
        folderId: '7101',
        boardIds: ['3001', '3002'],
        creatorId: ADA,
        createdAt: T0,
        updatedAt: T0,
        position: null,
      },
      {
        id: '8602',
        accountId: GLOBEX,
        name: 'Scheme tracker',
        kind: 'PRIVATE',
        workspaceId: '7003',
        folderId: null,
        boardIds: ['3003'],
        creatorId: HANK,
        createdAt: T0,
        updatedAt: T0,
        position: null,
      },
    ],
    widgets: [
      {
        id: '8611',
        accountId: ACME,
        kind: 'BATTERY',
        name: 'Roadmap progress',
        parentKind: 'DASHBOARD',
        parentId: '8601',
        settings: { battery_data: { status_column_ids_per_board: { '3001': ['status'] } } },
        creatorId: ADA,
        createdAt: T0,
      },
    ],
    objectSchemas: [
      schema('8701', ACME, 'project_tracker', 'Standard columns of project boards', [
        {
          id: '8711',
          title: 'Project status',
          type: 'status',
          description: 'Current phase of the project',
          settings: { labels: { '0': 'Planned', '1': 'Live', '2': 'Blocked' } },
          policy: { canOverride: ['title', 'description'], cannotDelete: true, messages: null },
          optOutByDefault: false,
          deprecatedAt: null,
        },
        {
          id: '8712',
          title: 'Notes',
          type: 'text',
          description: null,
          settings: {},
          policy: { canOverride: ['title', 'description', 'settings'], cannotDelete: false, messages: null },
          optOutByDefault: true,
          deprecatedAt: null,
        },
      ]),
      schema('8702', ACME, 'vendor', null, []),
      schema('8703', GLOBEX, 'scheme', 'Evil schemes', []),
    ],
    objectSchemaConnections: [{ boardId: '3002', schemaId: '8701' }],
  };
}

function schema(
  id: string,
  accountId: string,
  name: string,
  description: string | null,
  columns: ObjectSchemaRecord['columns'],
): ObjectSchemaRecord {
  return {
    id,
    accountId,
    name,
    description,
    parentId: null,
    revision: 1,
    createdById: accountId === ACME ? ADA : HANK,
    createdByPlatform: false,
    createdAt: T0,
    updatedAt: T0,
    columns,
  };
}

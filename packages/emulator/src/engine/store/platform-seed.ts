/**
 * Default sample data of the account-level platform families: dashboards 86xx with their widgets, object schemas
 * 87xx, board automations 88xx with the runs recorded for them, templates 89xx (their boards 895x), one managed
 * column, departments 84xx, and one marketplace app (8501) developed by acme, to which globex subscribes.
 * Account 1001 is acme (users 501 Ada, 502 Grace), account 2002 is globex (user 601 Hank); see seed.ts.
 */
import type { AppMonetizationSeed } from './app-subscriptions.js';
import type { BlockEventRecord, BoardAutomationRecord, ToolEventRecord, TriggerEventRecord } from './automations.js';
import { newColumn } from './column-record.js';
import type { DashboardRecord, WidgetRecord } from './dashboards.js';
import type { DepartmentRecord } from './departments.js';
import type { ManagedColumnRecord } from './managed-columns.js';
import type { BoardSchemaConnectionRecord, ObjectSchemaRecord } from './object-schemas.js';
import type { TemplateRecord } from './templates.js';

/** The platform families' part of the seed. */
export interface PlatformSeed extends AppMonetizationSeed {
  dashboards: DashboardRecord[];
  widgets: WidgetRecord[];
  objectSchemas: ObjectSchemaRecord[];
  /** Boards connected to object schemas. */
  objectSchemaConnections: BoardSchemaConnectionRecord[];
  boardAutomations: BoardAutomationRecord[];
  /** Runs of the automations, with their blocks and tool calls. */
  triggerEvents: TriggerEventRecord[];
  blockEvents: BlockEventRecord[];
  toolEvents: ToolEventRecord[];
  /** Templates `use_template` can install. */
  templates: TemplateRecord[];
  /** Managed status and dropdown columns. */
  managedColumns: ManagedColumnRecord[];
  /** Departments (an Enterprise feature: globex's). */
  departments: DepartmentRecord[];
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
    boardAutomations: [
      automation('8801', ACME, '3001', 'When status changes to Done, notify the owner', true),
      automation('8802', ACME, '3001', 'Every Monday, create a planning item', false),
      automation('8803', GLOBEX, '3003', 'When an item is created, assign Hank', true),
    ],
    triggerEvents: [
      run(RUN_1, ACME, '3001', '4000002', '8801', 'success', '2026-11-02T10:00:00.000Z', 840),
      run(
        RUN_2,
        ACME,
        '3001',
        '4000001',
        '8801',
        'failure',
        '2026-11-03T10:00:00.000Z',
        1210,
        'The owner has no email address',
      ),
      run(RUN_3, ACME, '3001', '4000003', '8801', 'success', '2026-11-04T10:00:00.000Z', 620),
      run(RUN_4, GLOBEX, '3003', '4000008', '8803', 'success', '2026-11-02T11:00:00.000Z', 300),
    ],
    blockEvents: [
      block('8821', RUN_1, 'When status changes to Done', 'trigger', 1, 1_762_077_600_000, 1_762_077_600_300),
      block('8822', RUN_1, 'Notify the owner', 'action', 2, 1_762_077_600_300, 1_762_077_600_840),
      block('8823', RUN_2, 'When status changes to Done', 'trigger', 1, 1_762_164_000_000, 1_762_164_000_400),
      {
        ...block('8824', RUN_2, 'Notify the owner', 'action', 2, 1_762_164_000_400, 1_762_164_001_210),
        eventState: 'failure',
        errorReason: 'The owner has no email address',
      },
    ],
    toolEvents: [
      {
        id: '8831',
        trigger_uuid: RUN_1,
        account_id: ACME,
        user_id: ADA,
        atomic_action_id: '8822',
        tool_name: 'get_board_items_page',
        mcp_server: 'monday',
        event_status: 'success',
        error_message: null,
        execution_duration_ms: 120,
        tool_start_timestamp: 1_762_077_600_400,
        tool_finish_timestamp: 1_762_077_600_520,
        integration_id: null,
        recipe_id: '8801',
      },
    ],
    templates: [
      {
        id: '8901',
        name: 'Simple project',
        boards: [
          {
            sourceBoardId: '8951',
            name: 'Project plan',
            kind: 'public',
            columns: [
              newColumn('status', 'Status', 'status'),
              newColumn('person', 'Owner', 'people'),
              newColumn('date4', 'Due date', 'date'),
            ],
            groups: ['To do', 'Done'],
          },
        ],
      },
      {
        id: '8902',
        name: 'Launch kit',
        boards: [
          {
            sourceBoardId: '8952',
            name: 'Campaigns',
            kind: 'public',
            columns: [newColumn('status', 'Status', 'status'), newColumn('numbers', 'Budget', 'numbers')],
            groups: ['Planned', 'Live'],
          },
          {
            sourceBoardId: '8953',
            name: 'Content calendar',
            kind: 'public',
            columns: [newColumn('date4', 'Publish on', 'date'), newColumn('text', 'Channel', 'text')],
            groups: ['This month'],
          },
        ],
      },
    ],
    managedColumns: [
      {
        id: '8a0c4e51-0000-4000-8000-000000008a01',
        accountId: ACME,
        template: {
          ...newColumn('status', 'Priority', 'status', {
            labels: { '2': 'High', '0': 'Medium', '1': 'Low' },
            labels_positions_v2: { '2': 0, '0': 1, '1': 2 },
            labels_colors: {
              '2': { var_name: 'stuck_red' },
              '0': { var_name: 'working_orange' },
              '1': { var_name: 'done_green' },
            },
            done_colors: [],
            labels_descriptions: {},
            deactivated_labels: [],
          }),
          description: 'The one priority scale of every team',
        },
        state: 'active',
        revision: 0,
        createdById: ADA,
        createdAt: T0,
        updatedById: ADA,
        updatedAt: T0,
        attachments: [],
      },
    ],
    departments: [
      { id: '8401', accountId: GLOBEX, name: 'Operations', reservedSeats: 5, memberIds: [HANK], ownerIds: [HANK] },
    ],
    // An OAuth token of client `app-1` acts in this app's context; the last 10 characters of the signing secret
    // (`a1b2c3d4e5`) are what set_mock_app_subscription asks for.
    marketplaceApps: [
      {
        id: '8501',
        name: 'Time Tracker Pro',
        clientId: 'app-1',
        signingSecret: 'wpe_demo_signing_secret_a1b2c3d4e5',
        collaboratorIds: [ADA],
      },
    ],
    appSubscriptions: [
      {
        appId: '8501',
        accountId: GLOBEX,
        mock: false,
        planId: 'team_yearly',
        billingPeriod: 'yearly',
        isTrial: false,
        maxUnits: null,
        pricingVersion: 3,
        renewalDate: '2027-09-02T00:00:00+00:00',
        createdAt: T0,
        billing: { currency: 'USD', monthlyPrice: 48, pricingVersionId: 3, status: 'active', endDate: null },
      },
    ],
  };
}

const RUN_1 = '6f1c2a9e-0c4e-4d8a-9b1e-8801a0000001';
const RUN_2 = '6f1c2a9e-0c4e-4d8a-9b1e-8801a0000002';
const RUN_3 = '6f1c2a9e-0c4e-4d8a-9b1e-8801a0000003';
const RUN_4 = '6f1c2a9e-0c4e-4d8a-9b1e-8803a0000001';

function automation(
  id: string,
  accountId: string,
  boardId: string,
  title: string,
  active: boolean,
): BoardAutomationRecord {
  return {
    id,
    accountId,
    boardId,
    userId: accountId === ACME ? ADA : HANK,
    active,
    title,
    description: null,
    createdAt: T0,
    updatedAt: T0,
    importance: null,
    noticeMessage: null,
    templateReferenceId: null,
    workflowBlocks: [],
    workflowHostData: { hostType: 'board', hostInstanceId: Number(boardId) },
    workflowVariables: [],
  };
}

function run(
  triggerUuid: string,
  accountId: string,
  boardId: string,
  itemId: string,
  automationId: string,
  eventState: string,
  startedAt: string,
  durationMs: number,
  errorReason: string | null = null,
): TriggerEventRecord {
  return {
    triggerUuid,
    accountId,
    boardId,
    itemId,
    automationId,
    userId: accountId === ACME ? ADA : HANK,
    eventState,
    eventKind: 'automation',
    entityKind: 'board',
    hostType: 'board',
    hostInstanceId: boardId,
    createdAt: startedAt,
    triggerStartedAt: startedAt,
    triggerStarted: Date.parse(startedAt),
    triggerDuration: durationMs,
    errorReason,
    billingActionsCount: eventState === 'success' ? 1 : 0,
    creatorAppFeatureReferenceId: null,
    waitingForTriggerName: null,
    reignitionSubscriptionId: null,
    is_test_run: false,
  };
}

function block(
  id: string,
  triggerUuid: string,
  title: string,
  eventKind: string,
  workflowNodeId: number,
  startedMs: number,
  finishedMs: number,
): BlockEventRecord {
  return {
    id,
    triggerUuid,
    accountId: ACME,
    boardId: '3001',
    userId: ADA,
    atomicActionId: id,
    title,
    eventKind,
    eventState: 'success',
    entityKind: 'board',
    errorReason: null,
    conditionSatisfied: eventKind === 'trigger' ? true : null,
    blockStartTimestamp: startedMs,
    blockFinishTimestamp: finishedMs,
    billingActionCountForBlock: eventKind === 'action' ? 1 : 0,
    workflowNodeId,
    iterator_id: null,
    current_iteration: null,
    max_iterations: null,
    is_test_run: false,
    triggerStarted: startedMs,
    triggerStartedAt: new Date(startedMs).toISOString(),
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

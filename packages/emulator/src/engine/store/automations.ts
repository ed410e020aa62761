/**
 * Board automations and the runs recorded for them: trigger events, the block events of each run and the tool
 * events of its AI steps.
 *
 * The emulator runs no automation, so it records no run by itself: automations and runs come from the seed (the
 * testing kit passes them in `SeedData`), and the only change the API can make is deleting an automation. Run
 * records carry the platform's field names for what the API answers (`eventState`, `blockStartTimestamp`,
 * `tool_name`, ...), so a seed reads like the API's answer, plus the ids the filters match on.
 */
import { Collection } from './collection.js';

/** An automation of one board. */
export interface BoardAutomationRecord {
  id: string;
  accountId: string;
  boardId: string;
  /** The user who created it. */
  userId: string;
  active: boolean;
  title: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
  importance: number | null;
  noticeMessage: string | null;
  templateReferenceId: string | null;
  /** The workflow's blocks, host data and variables, as the platform stores them (JSON). */
  workflowBlocks: unknown;
  workflowHostData: unknown;
  workflowVariables: unknown;
}

/** One run of an automation or workflow (`TriggerEvent`). */
export interface TriggerEventRecord {
  triggerUuid: string;
  accountId: string;
  /** The board, item, automation and user of the run, where it has them (the filters match on these). */
  boardId: string | null;
  itemId: string | null;
  automationId: string | null;
  userId: string | null;
  /** `success`, `failure` or `exhausted` (the `TriggerEventState` values), or another state the platform reports. */
  eventState: string;
  eventKind: string | null;
  entityKind: string | null;
  hostType: string | null;
  hostInstanceId: string | null;
  createdAt: string;
  triggerStartedAt: string;
  /** Epoch milliseconds the run started at. */
  triggerStarted: number | null;
  triggerDuration: number | null;
  errorReason: string | null;
  billingActionsCount: number | null;
  creatorAppFeatureReferenceId: string | null;
  waitingForTriggerName: string | null;
  reignitionSubscriptionId: string | null;
  is_test_run: boolean;
}

/** One block of a run (`BlockEvent`). */
export interface BlockEventRecord {
  id: string;
  triggerUuid: string;
  accountId: string;
  boardId: string | null;
  userId: string | null;
  atomicActionId: string | null;
  title: string | null;
  eventKind: string | null;
  eventState: string | null;
  entityKind: string | null;
  errorReason: string | null;
  conditionSatisfied: boolean | null;
  blockStartTimestamp: number | null;
  blockFinishTimestamp: number | null;
  billingActionCountForBlock: number | null;
  workflowNodeId: number | null;
  iterator_id: string | null;
  current_iteration: number | null;
  max_iterations: number | null;
  is_test_run: boolean;
  triggerStarted: number | null;
  triggerStartedAt: string | null;
}

/** One tool call of a run's AI step (`ToolEvent`). */
export interface ToolEventRecord {
  id: string;
  trigger_uuid: string;
  account_id: string;
  user_id: string | null;
  atomic_action_id: string | null;
  tool_name: string;
  mcp_server: string | null;
  event_status: string;
  error_message: string | null;
  execution_duration_ms: number | null;
  tool_start_timestamp: number | null;
  tool_finish_timestamp: number | null;
  integration_id: string | null;
  recipe_id: string | null;
}

/** The automations part of the seed. */
export interface AutomationSeed {
  boardAutomations?: BoardAutomationRecord[];
  triggerEvents?: TriggerEventRecord[];
  blockEvents?: BlockEventRecord[];
  toolEvents?: ToolEventRecord[];
}

/** Board automations, with their recorded runs. */
export class AutomationStore extends Collection<BoardAutomationRecord> {
  /** Runs, oldest first. */
  readonly triggerEvents: readonly TriggerEventRecord[];
  /** Blocks of the runs. */
  readonly blockEvents: readonly BlockEventRecord[];
  /** Tool calls of the runs. */
  readonly toolEvents: readonly ToolEventRecord[];

  /** Keeps the seeded automations and runs. */
  constructor(seed: AutomationSeed) {
    super(seed.boardAutomations ?? []);
    this.triggerEvents = seed.triggerEvents ?? [];
    this.blockEvents = seed.blockEvents ?? [];
    this.toolEvents = seed.toolEvents ?? [];
  }

  /** The run `triggerUuid` of the account, if recorded. */
  triggerEvent(accountId: string, triggerUuid: string): TriggerEventRecord | undefined {
    return this.triggerEvents.find((event) => event.accountId === accountId && event.triggerUuid === triggerUuid);
  }
}

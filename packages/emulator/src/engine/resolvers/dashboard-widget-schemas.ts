/**
 * The settings schema of each widget kind, as `all_widgets_schema` answers it and `create_widget` checks it.
 *
 * Source: the example response of https://developer.monday.com/api-reference/reference/all-widgets-schema, which
 * gives the JSON Schema (draft-07) of the three kinds its `widget_type` enum lists: BATTERY, CHART and NUMBER. The
 * structure is kept keyword for keyword (types, required keys, enums, key patterns, what else is allowed); the
 * prose descriptions and the examples are left out. The docs give no schema for APP_FEATURE, CALENDAR, GANTT or
 * LISTVIEW, so they are not listed here and `create_widget` answers NOT_MODELLED for them.
 */
import type { JsonSchema } from '../json-schema-check.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** Board ids (as strings of digits) to lists of column or group ids, each listed once. */
function idsPerBoard(): JsonSchema {
  return {
    type: 'object',
    patternProperties: { '^[0-9]+$': { type: 'array', items: { type: 'string' }, uniqueItems: true } },
    additionalProperties: false,
  };
}

/** Board ids to lists of ids, keys unchecked (the CHART and NUMBER schemas). */
function anyIdsPerBoard(): JsonSchema {
  return { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } };
}

const BATTERY: JsonSchema = {
  $schema: DRAFT_07,
  title: 'BatteryOverviewSection Widget Settings',
  type: 'object',
  properties: {
    done_text: {
      oneOf: [
        { type: 'string' },
        {
          type: 'object',
          patternProperties: { '^[0-9]+$': { type: 'string', maxLength: 1 } },
          additionalProperties: false,
        },
      ],
      default: 'Done',
    },
    battery_data: {
      type: 'object',
      properties: { status_column_ids_per_board: idsPerBoard(), numeric_column_ids_per_board: idsPerBoard() },
      required: ['status_column_ids_per_board'],
      additionalProperties: false,
    },
    groups_data: {
      type: 'object',
      properties: { group_ids_per_board: idsPerBoard() },
      additionalProperties: false,
    },
  },
  required: ['battery_data'],
  additionalProperties: false,
};

const CHART: JsonSchema = {
  $schema: DRAFT_07,
  $id: 'https://monday.com/schemas/widgets/chart-widget-settings',
  title: 'Chart Widget Settings',
  type: 'object',
  required: ['graph_type', 'x_axis_columns', 'y_axis_columns'],
  properties: {
    graph_type: {
      type: 'string',
      enum: [
        'pie',
        'donut',
        'column',
        'bar',
        'area',
        'line',
        'smooth_line',
        'bubbles',
        'stacked_bar',
        'stacked_bar_percent',
        'stacked_column',
        'stacked_column_percent',
        'stacked_area',
        'stacked_area_percent',
        'stacked_line',
        'stacked_line_percent',
        'stackedBar',
        'stackedArea',
        'stackedAreaPercent',
        'stackedLine',
        'stackedLinePercent',
      ],
    },
    x_axis_columns: anyIdsPerBoard(),
    y_axis_columns: anyIdsPerBoard(),
    z_axis_columns: anyIdsPerBoard(),
    x_axis_group_by: { type: 'string', enum: ['color', 'group', 'multiple-person', 'board', 'name'] },
    y_axis_group_by: { type: 'string', enum: ['default-label-count', 'numeric', 'numbers', 'formula'] },
    calc_function_type: { type: 'string', enum: ['sum', 'average', 'min', 'max', 'count'] },
    z_axis_group_by: { type: 'string' },
    sort_by: {
      type: 'string',
      enum: ['X_AXIS_ASCENDING', 'X_AXIS_DESCENDING', 'Y_AXIS_ASCENDING', 'Y_AXIS_DESCENDING'],
    },
    group_by: { type: 'string', enum: ['month', 'week', 'day', 'quarter', 'year'] },
  },
  additionalProperties: false,
};

const NUMBER: JsonSchema = {
  $schema: DRAFT_07,
  $id: 'https://monday.com/schemas/widgets/counter-widget-settings',
  title: 'Counter Widget Settings',
  type: 'object',
  required: ['counter_data'],
  properties: {
    counter_data: {
      type: 'object',
      required: ['calculation_type', 'column_ids_per_board', 'counter_type'],
      properties: {
        calculation_type: { type: 'string', enum: ['columns', 'count'] },
        column_ids_per_board: anyIdsPerBoard(),
        counter_type: { type: 'string', enum: ['sum', 'average', 'median', 'min', 'max'] },
        counter_unit: {
          type: 'object',
          properties: {
            symbol: { type: 'string' },
            direction: { type: 'string', enum: ['left', 'right'] },
            custom_unit: { type: 'string' },
          },
          additionalProperties: false,
        },
        should_count_items: { type: 'boolean' },
        should_count_subitems: { type: 'boolean' },
      },
      additionalProperties: false,
    },
    prefix: { type: 'string' },
    suffix: { type: 'string' },
    number_format: { type: 'string', enum: ['number', 'percentage', 'currency'] },
  },
  additionalProperties: false,
};

/** The widget kinds whose settings schema the docs give, in the docs' order, with that schema. */
export const WIDGET_SETTINGS_SCHEMAS: ReadonlyMap<string, JsonSchema> = new Map([
  ['BATTERY', BATTERY],
  ['CHART', CHART],
  ['NUMBER', NUMBER],
]);

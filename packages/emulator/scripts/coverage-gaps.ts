/**
 * Known gaps of modelled root fields that the coverage table (./coverage.ts) cannot read from the schema and the
 * resolvers' source: argument values a resolver answers NOT_MODELLED for through `engineError(NOT_MODELLED, ...)`
 * rather than `notModelledArgument(...)` (which the table finds by itself). Each entry names the root field
 * (`Query.x` or `Mutation.x`) and says, for a user, what answers NOT_MODELLED. The table refuses an entry whose
 * field no served version resolves, so a gap cannot outlive its field.
 *
 * When you model one of these, delete its entry; when you add a NOT_MODELLED answer to a modelled field, prefer
 * `notModelledArgument` (found automatically) or add an entry here.
 */

/** Gaps by root field coordinate, each a short sentence. */
export const KNOWN_GAPS: Readonly<Record<string, readonly string[]>> = {
  'Mutation.update_board': ['`board_attribute: item_nickname` answers NOT_MODELLED: no item terminology is kept'],
  'Mutation.create_column': [
    'a column calculated from subitems with a function other than SUM, MIN, MAX or COUNT_KEYS answers NOT_MODELLED',
  ],
  'Mutation.update_column': [
    'a column calculated from subitems with a function other than SUM, MIN, MAX or COUNT_KEYS answers NOT_MODELLED',
  ],
  'Mutation.create_status_column': [
    'a status column calculated from subitems (`COUNT_KEYS` capability) answers NOT_MODELLED',
  ],
  'Mutation.update_status_column': [
    'a status column calculated from subitems (`COUNT_KEYS` capability) answers NOT_MODELLED',
  ],
  'Mutation.add_content_to_doc_from_markdown': ['Markdown the emulator cannot convert to blocks answers NOT_MODELLED'],
  'Query.export_markdown_from_doc': ['a block the emulator cannot convert to Markdown answers NOT_MODELLED'],
  'Mutation.export_markdown_from_doc': ['a block the emulator cannot convert to Markdown answers NOT_MODELLED'],
  'Mutation.create_team': ['`input.parent_team_id` answers NOT_MODELLED: teams have no parents here'],
  'Query.app_subscriptions': ['`subscriptions.discounts` answers NOT_MODELLED: the seed keeps no discounts'],
  'Mutation.set_mock_app_subscription': ['a mock set without `plan_id` answers `plan_id` NOT_MODELLED'],
  'Query.apps_monetization_info': ['`seats_count` of an account with more than one product answers NOT_MODELLED'],
  'Mutation.create_project': [
    "on an Enterprise account answers NOT_MODELLED: the platform's project template is not documented",
  ],
  'Query.knowledge_base_search': ["`answer` and a snippet's `distance` answer NOT_MODELLED"],
  'Mutation.create_view': ['`type: DASHBOARD` or `type: FORM` answers NOT_MODELLED'],
  'Mutation.update_view': ['`type: DASHBOARD` or `type: FORM` answers NOT_MODELLED'],
};

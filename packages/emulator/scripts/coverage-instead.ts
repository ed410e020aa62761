/**
 * What a test can do instead, for the root fields (or the parts of them) the emulator leaves NOT_MODELLED on
 * purpose: answers only the platform can give (a language model's text, its audit and directory data, its
 * templates) or whose shape its docs and published schema do not give. The coverage table (./coverage.ts) adds each
 * sentence to its field's line; it refuses an entry whose field no served version has, or one that every served
 * version models in full, so an entry cannot outlive its gap.
 *
 * The two ways a test gets such an answer, as the table's heading explains them: a fault rule
 * `{ first: 1, kind: 'respond', status: 200, body }` set just before the call (the emulator answers `body` without
 * executing, see docs/emulator.md#faults), with `body` the answer the test expects, ideally one recorded once from
 * the platform and kept beside the test; or a query that leaves the field out, so the rest of it runs on the
 * emulator's data.
 */

const CANNED = 'give the test its answer with a fault rule `respond`';
const CANNED_OR_LEAVE_OUT = `${CANNED}, or leave the field out so the rest of the query runs`;

/** By root field coordinate, a short sentence: why the emulator cannot answer, and what a test can do. */
export const TEST_INSTEAD: Readonly<Record<string, string>> = {
  'Mutation.run_prompt': `the answer is a language model's text, which the emulator never invents: ${CANNED}`,
  'Query.ask_developer_docs': `the answer is a language model's text, which the emulator never invents: ${CANNED}`,
  'Query.knowledge_base_search': `\`answer\` is a language model's text and \`distance\` the platform's score: ${CANNED_OR_LEAVE_OUT}`,
  'Query.notetaker': `meeting recordings and their notes exist only on the platform: ${CANNED}`,
  'Query.audit_event_catalogue': `the catalogue is the platform's own list, which its docs do not reproduce: ${CANNED}`,
  'Query.get_directory_resources': `the account directory's resources are not held by the emulator: ${CANNED}`,
  'Mutation.update_directory_resources_attributes': `the account directory's resources are not held by the emulator: ${CANNED}`,
  'Mutation.update_article_block': `the docs do not say whether a block change goes to an article's draft or its published version: ${CANNED}`,
  'Mutation.create_project': `a project is made from the platform's own project template, which the docs do not give: ${CANNED}`,
  'Query.aggregate': `grouped results (\`group_by\`) are not modelled: ${CANNED}, or aggregate without \`group_by\``,
  'Mutation.create_widget': `a widget kind whose settings schema the docs do not give, or a \`filter\` on a dashboard (the docs say it works on board views only): ${CANNED}, or leave the filter out`,
  'Mutation.create_view': `a DASHBOARD or FORM view shows a dashboard or a form the emulator does not tie to a view: ${CANNED}, or test with a TABLE or APP view`,
  'Mutation.update_view': `a DASHBOARD or FORM view shows a dashboard or a form the emulator does not tie to a view: ${CANNED}, or test with a TABLE or APP view`,
  'Query.get_column_type_schema': `a kind whose settings schema the docs do not give (the emulator holds checkbox, status, dropdown, numbers and auto_number): ${CANNED}`,
};

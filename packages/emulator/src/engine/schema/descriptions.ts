/**
 * The emulator's own descriptions, by schema coordinate, overlaid on the published structure (which carries none).
 * Written for this project; only where a description helps someone reading the emulator's schema.
 */

/** Description text by coordinate (`Type`, `Type.field`, `Type.field(argument:)`). */
export const OWN_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Query.boards': "Boards of the caller's account.",
  'Query.items': 'Items by id.',
  'Query.next_items_page': 'Continues an items_page listing from its cursor.',
  'Query.me': 'The user the token acts as.',
  'Query.users': "Users of the caller's account.",
  'Query.account': "The caller's account.",
  'Query.complexity': 'Complexity budget figures of this request.',
  'Query.version': 'The API version in force.',
  'Query.versions': 'Every API version served.',
  'Mutation.create_item': 'Creates an item; null when it could not be created.',
  'Mutation.change_column_value': 'Sets one column of an item from a JSON value.',
  'Mutation.change_simple_column_value': 'Sets one column of an item from a plain string.',
  'Mutation.change_multiple_column_values': 'Sets several columns of an item from a JSON object keyed by column id.',
  'Mutation.archive_item': 'Archives an item.',
  'Mutation.delete_item': 'Deletes an item.',
  'Mutation.add_file_to_column': 'Attaches an uploaded file to a file column of an item.',
  JSON: 'Any JSON value. Output values are sent as JSON-encoded strings; inputs may be JSON text or a literal.',
  File: 'A file sent in a multipart request.',
};

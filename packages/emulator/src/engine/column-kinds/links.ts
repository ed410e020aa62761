/**
 * Kinds that point at other records: people (users and teams), team, person (the legacy single-person column),
 * connect boards (board_relation), dependency and tags
 * (https://developer.monday.com/api-reference/reference/people, .../connect, .../dependency, .../tags, .../teams).
 * Links are stored as the platform shows them in `value` (`linkedPulseIds` for item links); texts name the records.
 */

import { columnValueError } from './errors.js';
import { fieldsOf, isObject, objectOf, positiveId, positiveIds } from './parse.js';
import type { KindSpec, ReadContext } from './types.js';

interface Entity {
  id: number;
  kind: 'person' | 'team';
}

function entitiesOf(stored: unknown): Entity[] {
  const list = fieldsOf(stored).personsAndTeams;
  return Array.isArray(list) ? (list as Entity[]) : [];
}

function entityName(entity: Entity, { store }: ReadContext): string {
  const record = entity.kind === 'team' ? store?.teams.find(entity.id) : store?.users.find(entity.id);
  return record?.name ?? String(entity.id);
}

function linkedIds(stored: unknown): number[] {
  const list = fieldsOf(stored).linkedPulseIds;
  return Array.isArray(list) ? list.map((entry) => Number(fieldsOf(entry).linkedPulseId)) : [];
}

function itemNames(ids: readonly number[], { store }: ReadContext): string {
  return ids.map((id) => store?.items.find(id)?.name ?? String(id)).join(', ');
}

const itemLinks: KindSpec['write'] = (input, { column }) => {
  const value = objectOf(column, input, '{"item_ids": [...]}');
  const ids = Array.isArray(value.linkedPulseIds)
    ? value.linkedPulseIds.map((entry) => fieldsOf(entry).linkedPulseId)
    : value.item_ids;
  const linked = positiveIds(column, ids, 'item id');
  return linked.length === 0 ? null : { linkedPulseIds: linked.map((linkedPulseId) => ({ linkedPulseId })) };
};

function itemLinkFields(stored: unknown, context: ReadContext): Record<string, unknown> {
  const ids = linkedIds(stored);
  return {
    linked_item_ids: ids.map(String),
    linked_items: ids.flatMap((id) => context.store?.items.find(id) ?? []),
    display_value: itemNames(ids, context),
  };
}

export const LINK_KINDS = {
  people: {
    valueType: 'PeopleValue',
    settings: () => ({}),
    write: (input, { column }) => {
      const value =
        typeof input === 'string'
          ? { personsAndTeams: input.split(',').map((id) => ({ id: id.trim(), kind: 'person' })) }
          : objectOf(column, input, '{"personsAndTeams": [{"id": ..., "kind": "person"}]}');
      if (!Array.isArray(value.personsAndTeams)) throw columnValueError(column, 'expected {"personsAndTeams": [...]}');
      const entities = value.personsAndTeams.map((entry) => {
        const { id, kind } = isObject(entry) ? entry : { id: undefined, kind: undefined };
        if (kind !== 'person' && kind !== 'team') throw columnValueError(column, 'kind must be "person" or "team"');
        return { id: positiveId(column, id, `${kind} id`), kind };
      });
      return entities.length === 0 ? null : { personsAndTeams: entities };
    },
    simple: (text) => text,
    text: (stored, context) =>
      entitiesOf(stored)
        .map((entity) => entityName(entity, context))
        .join(', '),
    fields: (stored) => ({
      persons_and_teams: entitiesOf(stored).map((entity) => ({ id: String(entity.id), kind: entity.kind })),
    }),
    cell: (stored) => entitiesOf(stored).map((entity) => `${entity.kind}-${entity.id}`),
  },
  team: {
    valueType: 'TeamValue',
    settings: () => ({}),
    write: (input, { column }) => ({
      team_id: positiveId(column, objectOf(column, input, '{"team_id": ...}').team_id, 'team id'),
    }),
    text: (stored, { store }) => {
      const id = fieldsOf(stored).team_id;
      return id == null ? '' : (store?.teams.find(Number(id))?.name ?? String(id));
    },
    fields: (stored) => ({ team_id: fieldsOf(stored).team_id ?? null }),
    cell: (stored) => (fieldsOf(stored).team_id == null ? null : Number(fieldsOf(stored).team_id)),
  },
  person: {
    valueType: 'PersonValue',
    settings: () => ({}),
    creatable: false,
    text: (stored, { store }) => {
      const id = fieldsOf(stored).id;
      return id == null ? '' : (store?.users.find(Number(id))?.name ?? String(id));
    },
    fields: (stored) => ({ person_id: fieldsOf(stored).id == null ? null : String(fieldsOf(stored).id) }),
  },
  board_relation: {
    valueType: 'BoardRelationValue',
    settings: () => ({ boardIds: [] }),
    write: itemLinks,
    text: (stored, context) => itemNames(linkedIds(stored), context),
    fields: itemLinkFields,
    cell: (stored) => linkedIds(stored),
  },
  dependency: {
    valueType: 'DependencyValue',
    settings: () => ({}),
    write: itemLinks,
    text: (stored, context) => itemNames(linkedIds(stored), context),
    fields: itemLinkFields,
    cell: (stored) => linkedIds(stored),
  },
  tags: {
    valueType: 'TagsValue',
    settings: () => ({}),
    write: (input, { column }) => {
      const ids = positiveIds(column, objectOf(column, input, '{"tag_ids": [...]}').tag_ids, 'tag id');
      return ids.length === 0 ? null : { tag_ids: ids };
    },
    text: (stored, { store }) => {
      const ids = (fieldsOf(stored).tag_ids as number[] | undefined) ?? [];
      const tags = store?.tags.all() ?? [];
      return ids.map((id) => tags.find((tag) => Number(tag.id) === id)?.name ?? String(id)).join(', ');
    },
    fields: (stored) => ({ tag_ids: (fieldsOf(stored).tag_ids as number[] | undefined) ?? [] }),
    cell: (stored) => (fieldsOf(stored).tag_ids as number[] | undefined) ?? null,
  },
} satisfies Record<string, KindSpec>;

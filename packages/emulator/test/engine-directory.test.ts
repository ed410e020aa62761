/** Teams, users, tags, assets, webhooks, notifications and the account's plan in the engine. */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/index.js';
import { utcHoursDiff } from '../src/engine/resolvers/users.js';
import { acmeGrant, dataField, errorCodes, globexGrant, run } from './engine-helpers.js';

describe('teams and users', () => {
  it('lists the account teams with owners and members, and each user teams', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      '{ teams { id name owners { id } users { id } } users(ids: [502]) { teams { name } } }',
    );
    expect(dataField(body, 'teams')).toEqual([
      { id: '7201', name: 'Engineering', owners: [{ id: '501' }], users: [{ id: '501' }, { id: '502' }] },
      { id: '7202', name: 'Marketing', owners: [{ id: '502' }], users: [{ id: '502' }] },
    ]);
    expect(dataField(body, 'users')).toEqual([{ teams: [{ name: 'Engineering' }, { name: 'Marketing' }] }]);
    expect(errorCodes(await run(engine, '{ teams { id } }', { grant: acmeGrant(['users:read']) }))).toEqual([
      'USER_UNAUTHORIZED',
    ]);
    expect(dataField(await run(engine, '{ teams(ids: [7201]) { id } }', { grant: globexGrant() }), 'teams')).toEqual(
      [],
    );
  });

  it('creates a team, changes its members and deletes it, with users:write', async () => {
    const engine = createEngine();
    const made = await run(
      engine,
      'mutation { create_team(input: { name: "Design", subscriber_ids: [502] }) { id name owners { id } users { id } } }',
    );
    const team = dataField<{ id: string }>(made, 'create_team');
    expect(team).toMatchObject({ name: 'Design', owners: [{ id: '501' }], users: [{ id: '502' }] });
    const added = await run(
      engine,
      `mutation { add_users_to_team(team_id: ${team.id}, user_ids: [501]) { successful_users { id } failed_users { id } } }`,
    );
    expect(dataField(added, 'add_users_to_team')).toEqual({ successful_users: [{ id: '501' }], failed_users: [] });
    const removed = await run(
      engine,
      `mutation { remove_users_from_team(team_id: ${team.id}, user_ids: [502]) { successful_users { id } } }`,
    );
    expect(dataField(removed, 'remove_users_from_team')).toEqual({ successful_users: [{ id: '502' }] });
    expect(engine.store.teams.find(team.id)?.userIds).toEqual(['501']);
    await run(engine, `mutation { add_teams_to_workspace(workspace_id: 7001, team_ids: [${team.id}]) { id } }`);
    await run(engine, `mutation { delete_team(team_id: ${team.id}) { id } }`);
    expect(engine.store.teams.find(team.id)).toBeUndefined();
    expect(engine.store.workspaces.find('7001')?.teamIds).toEqual(['7201']);
  });

  it('refuses an empty team unless allowed, foreign users, and a missing scope', async () => {
    const engine = createEngine();
    expect(errorCodes(await run(engine, 'mutation { create_team(input: { name: "Empty" }) { id } }'))).toEqual([
      'INVALID_ARGUMENT',
    ]);
    const allowed = await run(
      engine,
      'mutation { create_team(input: { name: "Empty" }, options: { allow_empty_team: true }) { users { id } } }',
    );
    expect(dataField(allowed, 'create_team')).toEqual({ users: [] });
    expect(
      errorCodes(
        await run(engine, 'mutation { add_users_to_team(team_id: 7201, user_ids: [601]) { successful_users { id } } }'),
      ),
    ).toEqual(['RESOURCE_NOT_FOUND']);
    expect(errorCodes(await run(engine, 'mutation { delete_team(team_id: 7203) { id } }'))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
    const noScope = await run(engine, 'mutation { delete_team(team_id: 7201) { id } }', {
      grant: acmeGrant(['teams:read']),
    });
    expect(errorCodes(noScope)).toEqual(['USER_UNAUTHORIZED']);
    expect(engine.store.teams.find('7201')).toBeDefined();
  });

  it('filters users by emails (any case), name, kind, and pages them', async () => {
    const engine = createEngine();
    const byEmail = await run(engine, '{ users(emails: ["GRACE@acme.example"]) { id } }');
    expect(dataField(byEmail, 'users')).toEqual([{ id: '502' }]);
    const byName = await run(engine, '{ users(name: "LOVE") { id } }');
    expect(dataField(byName, 'users')).toEqual([{ id: '501' }]);
    const guests = await run(engine, '{ users(kind: guests) { id } }');
    expect(dataField(guests, 'users')).toEqual([]);
    const paged = await run(engine, '{ users(limit: 1, page: 2) { id } }');
    expect(dataField(paged, 'users')).toEqual([{ id: '502' }]);
    const newest = await run(engine, '{ users(newest_first: true, limit: 1) { id } }');
    expect(dataField(newest, 'users')).toEqual([{ id: '502' }]);
    const foreign = await run(engine, '{ users(ids: [601]) { id } }');
    expect(dataField(foreign, 'users')).toEqual([]);
  });
});

describe('user details', () => {
  it('derives utc_hours_diff from the time zone and lists the account products', async () => {
    expect(utcHoursDiff('America/New_York', new Date('2024-07-01T12:00:00Z'))).toBe(-4);
    // The offset with its fraction; where the field is an Int it answers whole hours (newer-surfaces.test.ts).
    expect(utcHoursDiff('Asia/Kolkata', new Date('2024-07-01T12:00:00Z'))).toBe(5.5);
    expect(utcHoursDiff('America/St_Johns', new Date('2024-01-15T12:00:00Z'))).toBe(-3.5);
    expect(utcHoursDiff('Europe/London', new Date('2024-07-01T12:00:00Z'))).toBe(1);
    const engine = createEngine({ clock: { now: () => Date.parse('2024-01-15T12:00:00Z') } });
    // User.is_view_only was removed in 2026-10; this reads it where it is published.
    const body = await run(engine, '{ me { utc_hours_diff is_view_only account_products { id } } }', {
      version: '2025-04',
    });
    expect(dataField(body, 'me')).toEqual({
      utc_hours_diff: 0,
      is_view_only: false,
      account_products: [{ id: '7051' }],
    });
  });
});

describe('tags and assets', () => {
  it('lists public tags, finds any by id, and creates or gets a tag by name', async () => {
    const engine = createEngine();
    expect(dataField(await run(engine, '{ tags { name } }'), 'tags')).toEqual([
      { name: 'urgent' },
      { name: 'customer' },
    ]);
    expect(dataField(await run(engine, '{ tags(ids: [7303, 7304]) { id } }'), 'tags')).toEqual([{ id: '7303' }]);
    const existing = await run(engine, 'mutation { create_or_get_tag(tag_name: "URGENT") { id name } }');
    expect(dataField(existing, 'create_or_get_tag')).toEqual({ id: '7301', name: 'urgent' });
    const made = await run(
      engine,
      'mutation { create_or_get_tag(tag_name: "beta", board_id: 3001) { id name color } }',
    );
    const tag = dataField<{ id: string }>(made, 'create_or_get_tag');
    const again = await run(engine, 'mutation { create_or_get_tag(tag_name: "Beta", board_id: 3001) { id } }');
    expect(dataField(again, 'create_or_get_tag')).toEqual({ id: tag.id });
    expect(
      errorCodes(await run(engine, 'mutation { create_or_get_tag(tag_name: "x", board_id: 3003) { id } }')),
    ).toEqual(['RESOURCE_NOT_FOUND']);
    expect(errorCodes(await run(engine, 'mutation { create_or_get_tag(tag_name: " ") { id } }'))).toEqual([
      'INVALID_ARGUMENT',
    ]);
  });

  it('reads assets by id within the account, with assets:read', async () => {
    const engine = createEngine();
    const body = await run(engine, '{ assets(ids: [7402, 7403, 7401]) { id name file_extension uploaded_by { id } } }');
    expect(dataField(body, 'assets')).toEqual([
      { id: '7402', name: 'pricing.png', file_extension: '.png', uploaded_by: { id: '502' } },
      { id: '7401', name: 'launch-plan.pdf', file_extension: '.pdf', uploaded_by: { id: '501' } },
    ]);
    expect(
      errorCodes(await run(engine, '{ assets(ids: [7401]) { id } }', { grant: acmeGrant(['boards:read']) })),
    ).toEqual(['USER_UNAUTHORIZED']);
  });
});

describe('webhooks and notifications', () => {
  it('creates, lists and deletes webhooks with webhooks:write only', async () => {
    const engine = createEngine();
    const made = await run(
      engine,
      'mutation { create_webhook(board_id: 3002, url: "https://example.com/h", event: create_item) { id board_id event config } }',
    );
    const webhook = dataField<{ id: string }>(made, 'create_webhook');
    expect(webhook).toMatchObject({ board_id: '3002', event: 'create_item', config: null });
    expect(dataField(await run(engine, '{ webhooks(board_id: 3002) { id } }'), 'webhooks')).toEqual([
      { id: webhook.id },
    ]);
    expect(
      dataField(await run(engine, '{ webhooks(board_id: 3001, app_webhooks_only: true) { id } }'), 'webhooks'),
    ).toEqual([{ id: '7502' }]);
    await run(engine, `mutation { delete_webhook(id: ${webhook.id}) { id } }`);
    expect(dataField(await run(engine, '{ webhooks(board_id: 3002) { id } }'), 'webhooks')).toEqual([]);
    const noScope = await run(
      engine,
      'mutation { create_webhook(board_id: 3002, url: "https://example.com/h", event: create_item) { id } }',
      {
        grant: acmeGrant(['boards:read', 'boards:write']),
      },
    );
    expect(errorCodes(noScope)).toEqual(['USER_UNAUTHORIZED']);
    expect(errorCodes(await run(engine, 'mutation { delete_webhook(id: 7503) { id } }'))).toEqual([
      'RESOURCE_NOT_FOUND',
    ]);
  });

  it('checks a webhook url and the column a column-specific webhook names', async () => {
    const engine = createEngine();
    const badUrl = await run(
      engine,
      'mutation { create_webhook(board_id: 3001, url: "ftp://x", event: create_item) { id } }',
    );
    expect(errorCodes(badUrl)).toEqual(['INVALID_ARGUMENT']);
    const noColumn = await run(
      engine,
      'mutation { create_webhook(board_id: 3001, url: "https://x.example", event: change_specific_column_value, config: "{\\"columnId\\":\\"nope\\"}") { id } }',
    );
    expect(errorCodes(noColumn)).toEqual(['INVALID_ARGUMENT']);
  });

  it('records a notification to a user of the account about an item', async () => {
    const engine = createEngine();
    const sent = await run(
      engine,
      'mutation { create_notification(user_id: 502, target_id: 4000001, target_type: Project, text: "Look") { id text } }',
    );
    expect(dataField(sent, 'create_notification')).toMatchObject({ text: 'Look' });
    expect(engine.store.notifications.all()).toMatchObject([
      { userId: '502', senderId: '501', targetId: '4000001', text: 'Look' },
    ]);
    const foreignUser = await run(
      engine,
      'mutation { create_notification(user_id: 601, target_id: 4000001, target_type: Project, text: "x") { id } }',
    );
    expect(errorCodes(foreignUser)).toEqual(['RESOURCE_NOT_FOUND']);
    const foreignItem = await run(
      engine,
      'mutation { create_notification(user_id: 502, target_id: 4000008, target_type: Project, text: "x") { id } }',
    );
    expect(errorCodes(foreignItem)).toEqual(['RESOURCE_NOT_FOUND']);
    const noScope = await run(
      engine,
      'mutation { create_notification(user_id: 502, target_id: 3001, target_type: Project, text: "x") { id } }',
      {
        grant: acmeGrant(['boards:write']),
      },
    );
    expect(errorCodes(noScope)).toEqual(['USER_UNAUTHORIZED']);
    expect(engine.store.notifications.all()).toHaveLength(1);
  });
});

describe('account', () => {
  it('answers plan, products and sign-up product for the caller account', async () => {
    const engine = createEngine();
    const body = await run(
      engine,
      '{ account { plan { max_users tier period version } products { id kind default_workspace_id } sign_up_product_kind } }',
    );
    expect(dataField(body, 'account')).toEqual({
      plan: { max_users: 25, tier: 'pro', period: 'yearly', version: 9 },
      products: [{ id: '7051', kind: 'core', default_workspace_id: '7001' }],
      sign_up_product_kind: 'core',
    });
  });
});

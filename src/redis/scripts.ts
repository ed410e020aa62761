/**
 * The Lua scripts of the Redis store: the acquire, settle and renew steps of `src/client/throttle/fleet-state.ts` (whose
 * rule map covers these too), run atomically inside Redis with Redis's clock (`TIME`), so hosts' clocks never
 * enter. Every constant and policy name comes from that module or from `src/client/throttle/quota-rules.ts` (the
 * rules both throttles keep), written into the scripts when this one loads; the twins are held in step by
 * `test/e2e/fleet-store-twins.test.ts`, which runs one scripted sequence through both.
 *
 * Keys: 1 the state hash, 2 the leases (sorted set: lease id -> expiry), 3 the lease data (hash: lease id ->
 * `sentAt|policy=cost=reservedAfter|...`), 4 the members (sorted set: client id -> expiry), 5 the line of
 * waiters for a slot (sorted set: ticket -> first asked; equal times ordered by ticket, as ZRANK orders them),
 * 6 when each last asked (hash: ticket -> time).
 * The state hash holds `v` (its layout), `wins` (the policy names, comma-separated), one field `w:<policy>` per policy (its figures,
 * comma-separated) and a few scalars. Policy names arrive encoded (`encodePolicyName`: no `,` `|` `=` `%`), at
 * most `MAX_TRACKED_POLICIES` of them, so no list a script unpacks grows without bound.
 * Infinity is stored as 1e300. Every key expires `FLEET_STATE_TTL_MS` after its account's last step.
 */
import {
  FLEET_DEMAND_STALE_MS,
  FLEET_LINE_STALE_MS,
  FLEET_MAX_HOLD_MS,
  FLEET_MEMBER_MIN_MS,
  FLEET_POLICY_IDLE_MS,
  FLEET_POLL_MS,
  FLEET_PRECISION_MS,
  FLEET_STATE_TTL_MS,
  FLEET_TIMING_RESERVE,
} from '../client/throttle/fleet-state.js';
import {
  DAILY_POLICY,
  DEFAULT_BACKOFF_MS,
  MAX_PACED_WINDOW_MS,
  MAX_TRACKED_POLICIES,
  RESET_MARGIN_MS,
} from '../client/throttle/quota-rules.js';

/** Characters a policy name may not hold inside the scripts' encodings, and `%` itself. */
const RESERVED = /[%,|=]/g;

/** A policy name as the scripts store it: `%`, `,`, `|` and `=` percent-encoded. */
export function encodePolicyName(name: string): string {
  return name.replace(RESERVED, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** The inverse of {@link encodePolicyName}. */
export function decodePolicyName(encoded: string): string {
  return encoded.replace(/%(25|2C|7C|3D)/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A constant as a Lua literal (the TypeScript value, never a copy). */
const lua = (value: number): string => {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite constant: ${value}`);
  return String(value);
};

/** A policy name as a Lua string literal (the TypeScript value, never a copy). */
const luaName = (name: string): string => {
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new RangeError(`not a plain policy name: ${name}`);
  return `'${name}'`;
};

/** The layout of the state hash; a state written in another is dropped. */
const STATE_LAYOUT = 2;

const COMMON = `
local S, L, D, M, Q, QS = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6]
local INF = 1e300
local MARGIN, PRECISION, RESERVE, POLL = ${lua(RESET_MARGIN_MS)}, ${lua(FLEET_PRECISION_MS)}, ${lua(FLEET_TIMING_RESERVE)}, ${lua(FLEET_POLL_MS)}
local BACKOFF, TTL, STALE = ${lua(DEFAULT_BACKOFF_MS)}, ${lua(FLEET_STATE_TTL_MS)}, ${lua(FLEET_LINE_STALE_MS)}
local MEMBER_MIN, MAX_HOLD = ${lua(FLEET_MEMBER_MIN_MS)}, ${lua(FLEET_MAX_HOLD_MS)}
local DEMAND_STALE = ${lua(FLEET_DEMAND_STALE_MS)}
local DAILY = ${luaName(DAILY_POLICY)}
local MAX_PACED = ${lua(MAX_PACED_WINDOW_MS)}
local MAX_POLICIES, POLICY_IDLE = ${lua(MAX_TRACKED_POLICIES)}, ${lua(FLEET_POLICY_IDLE_MS)}
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local function num(value, default)
  local n = tonumber(value)
  if n == nil or n ~= n then return default end
  return n
end
local function fmt(n)
  if n ~= n then n = 0 elseif n > INF then n = INF elseif n < -INF then n = -INF end
  return string.format('%.17g', n)
end
local function finite(n) return n > -INF / 2 and n < INF / 2 end
local function hash(list)
  local h = {}
  for i = 1, #list, 2 do h[list[i]] = list[i + 1] end
  return h
end
local function expire()
  for _, id in ipairs(redis.call('ZRANGEBYSCORE', L, '-inf', now)) do
    redis.call('ZREM', L, id)
    redis.call('HDEL', D, id)
  end
end
local s = hash(redis.call('HGETALL', S))
-- A state in an earlier layout (one field per figure, names unencoded) is dropped: the fleet learns again.
if s.v ~= '${STATE_LAYOUT}' and next(s) ~= nil then
  redis.call('DEL', S)
  s = {}
end
local function fresh()
  return { q = INF, w = 0, req = true, used = 0, rep = INF, after = -INF, by = INF, res = 0, hint = 0, mark = 0, seen = 0 }
end
local names = {}
local W = {}
for name in string.gmatch(s.wins or '', '[^,]+') do
  if #names < MAX_POLICIES and not W[name] then
    local f = {}
    for v in string.gmatch(s['w:' .. name] or '', '[^,]+') do f[#f + 1] = v end
    local w = fresh()
    w.q, w.w, w.req, w.used = num(f[1], INF), num(f[2], 0), f[3] ~= '0', num(f[4], 0)
    w.rep, w.after, w.by, w.res = num(f[5], INF), num(f[6], -INF), num(f[7], INF), num(f[8], 0)
    w.hint, w.mark, w.seen = num(f[9], 0), num(f[10], 0), num(f[11], 0)
    names[#names + 1] = name
    W[name] = w
  end
end
local dropped = {}
local function holdOver(w) return (not finite(w.by)) or w.by + MARGIN <= now end
local function drop(name)
  W[name] = nil
  for i, n in ipairs(names) do
    if n == name then
      table.remove(names, i)
      break
    end
  end
  dropped[#dropped + 1] = name
end
local function prune()
  for i = #names, 1, -1 do
    local w = W[names[i]]
    if w.seen + POLICY_IDLE <= now and holdOver(w) then drop(names[i]) end
  end
end
local function admit(name)
  if W[name] then return W[name] end
  if #names >= MAX_POLICIES then
    local oldest = nil
    for _, n in ipairs(names) do
      local w = W[n]
      if holdOver(w) and (oldest == nil or w.seen < W[oldest].seen) then oldest = n end
    end
    if oldest == nil then return nil end
    drop(oldest)
  end
  local w = fresh()
  W[name] = w
  names[#names + 1] = name
  return w
end
local function save(extra)
  for _, n in ipairs(dropped) do redis.call('HDEL', S, 'w:' .. n) end
  -- At most 2 * (MAX_POLICIES + 8) values: well inside what unpack takes.
  local fields = { 'v', '${STATE_LAYOUT}', 'wins', table.concat(names, ',') }
  for k, v in pairs(extra) do
    fields[#fields + 1] = k
    fields[#fields + 1] = v
  end
  for _, n in ipairs(names) do
    local w = W[n]
    local req = '1'
    if not w.req then req = '0' end
    fields[#fields + 1] = 'w:' .. n
    fields[#fields + 1] = table.concat({ fmt(w.q), fmt(w.w), req, fmt(w.used), fmt(w.rep), fmt(w.after), fmt(w.by),
      fmt(w.res), fmt(w.hint), fmt(w.mark), fmt(w.seen) }, ',')
  end
  redis.call('HSET', S, unpack(fields))
  for _, key in ipairs({ S, L, D, M, Q, QS }) do redis.call('PEXPIRE', key, TTL) end
end
`;

/**
 * ARGV: leaseId, leaseMs, initialConcurrency, probeAfterMs, ticket, memberId ('' for none), n, then n pairs of
 * policy and expected cost, then the backlog ('' when not given).
 * Reply: `{ 1 }` or `{ 1, members }` when granted; else `{ 0, reason, policy, retryInMs, holdMs }`, with a sixth
 * element `'1'` when the hold is only pacing (`paced`).
 */
export const ACQUIRE_SCRIPT = `${COMMON}
local id, leaseMs, initial, probeAfter, ticket = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5]
local member = ARGV[6]
local costs = {}
for i = 1, tonumber(ARGV[7]) do costs[ARGV[6 + 2 * i]] = tonumber(ARGV[7 + 2 * i]) end
local backlog = ARGV[8 + 2 * tonumber(ARGV[7])] or ''
expire()
if member ~= '' then redis.call('ZADD', M, now + math.max(leaseMs, MEMBER_MIN), member) end
-- What the fleet has waiting (fleetDemand): each member's last word, 'd:<member>' = 'count,when' in the state hash.
for k, v in pairs(s) do
  if string.sub(k, 1, 2) == 'd:' then
    local at = tonumber(string.match(v, ',(.*)$')) or 0
    if at < now - DEMAND_STALE then
      redis.call('HDEL', S, k)
      s[k] = nil
    end
  end
end
local demand = INF
if member ~= '' and backlog ~= '' then
  s['d:' .. member] = fmt(tonumber(backlog) + 1) .. ',' .. fmt(now)
  redis.call('HSET', S, 'd:' .. member, s['d:' .. member])
  demand = 0
  for k, v in pairs(s) do
    if string.sub(k, 1, 2) == 'd:' then demand = demand + (tonumber(string.match(v, '^([^,]*)')) or 0) end
  end
end
local probe, timing = s.probe or '', s.timing or ''
if probe ~= '' and not redis.call('ZSCORE', L, probe) then probe = '' end
if timing ~= '' and not redis.call('ZSCORE', L, timing) then timing = '' end
local leases = redis.call('ZCARD', L)
local function inFlightUnits(name, w)
  if w.req then return leases end
  local units = 0
  local pattern = '|' .. name:gsub('%p', '%%%0') .. '=([^=|]+)='
  for _, data in ipairs(redis.call('HVALS', D)) do units = units + num(string.match(data, pattern), 0) end
  return units
end
local function costOf(name, w)
  if w.req then return 1 end
  local c = costs[name]
  if c == nil or c < 0 then return w.hint end
  return c
end
for _, n in ipairs(names) do
  local w = W[n]
  if finite(w.by) and now >= w.by + MARGIN then
    if w.w > 0 then
      local steps = math.floor((now - w.by - MARGIN) / w.w) + 1
      w.after = w.after + steps * w.w
      w.by = w.by + steps * w.w
    else
      w.after = -INF
      w.by = INF
    end
    w.rep = INF
    w.used = inFlightUnits(n, w)
    w.mark = w.res
  end
end
local state = { probe = probe, timing = timing }
local gate, reason, policy = 0, nil, ''
-- True while every hold is pacing (isPacedWindow: a minute window within its length), none the server's demand.
local paced = true
local blocked = num(s.blocked, 0)
if blocked > now then
  paced = false
  gate = blocked
  if s.daily == '1' then
    reason = 'daily-limit'
    policy = DAILY
  else
    reason = 'backoff'
  end
end
for _, n in ipairs(names) do
  local w = W[n]
  local left = math.min(w.q - w.used, w.rep)
  local cost = costOf(n, w)
  local untilAt = w.by + MARGIN
  if finite(w.by) and (left <= 0 or left < cost) and untilAt > now then
    if not (w.w > 0 and w.w <= MAX_PACED and untilAt - now <= w.w + MARGIN) then paced = false end
    if untilAt > gate then
      gate = untilAt
      reason = 'quota-exhausted'
      policy = n
    end
  end
end
local isProbe = false
if reason then
  local hold = gate - now
  local last = num(s.last, 0)
  local probeAt = last + probeAfter
  if paced then
    save(state)
    return { 0, reason, policy, fmt(hold), fmt(hold), '1' }
  end
  if reason == 'daily-limit' or gate - last <= probeAfter then
    save(state)
    return { 0, reason, policy, fmt(hold), fmt(hold) }
  end
  if probe ~= '' then
    save(state)
    return { 0, reason, policy, fmt(math.min(hold, POLL)), fmt(hold) }
  end
  if now < probeAt then
    save(state)
    return { 0, reason, policy, fmt(probeAt - now), fmt(hold) }
  end
  isProbe = true
end
local limit = 1
if s.learned == '1' then
  limit = num(s.conc, 0)
  if limit <= 0 then limit = initial end
end
-- Slots go first come, first served across processes: a waiter ahead in the line keeps its place.
local waiting = redis.call('ZRANGE', Q, 0, -1)
for _, other in ipairs(waiting) do
  if num(redis.call('HGET', QS, other), 0) < now - STALE then
    redis.call('ZREM', Q, other)
    redis.call('HDEL', QS, other)
  end
end
redis.call('ZADD', Q, 'NX', now, ticket)
redis.call('HSET', QS, ticket, now)
-- Ahead: asked first, or in the same millisecond with a smaller ticket (a strict order: ties never deadlock).
local ahead = redis.call('ZRANK', Q, ticket)
if limit - leases <= ahead then
  save(state)
  return { 0, 'concurrency', '', '', '' }
end
redis.call('ZREM', Q, ticket)
redis.call('HDEL', QS, ticket)
local isTiming = false
if not isProbe then
  for _, n in ipairs(names) do
    local w = W[n]
    if w.req and w.w > 1000 and finite(w.by) then
      local left = math.min(w.q - w.used, w.rep)
      if left <= RESERVE and w.by - w.after > PRECISION and demand > left then
        local split = (w.after + w.by) / 2
        local steps = math.floor((split - now) / 1000)
        if steps < 1 then
          split = now + 1000
          steps = 1
        end
        if split > w.after and split < w.by - PRECISION / 2 then
          if timing ~= '' then
            save(state)
            return { 0, 'quota-exhausted', n, fmt(POLL), '' }
          end
          local at = math.ceil(split - steps * 1000)
          if at > now then
            save(state)
            return { 0, 'quota-exhausted', n, fmt(at - now), fmt(at - now) }
          end
          isTiming = true
        end
      end
    end
  end
end
local data = fmt(now)
for _, n in ipairs(names) do
  local w = W[n]
  local cost = costOf(n, w)
  w.used = w.used + cost
  w.rep = w.rep - cost
  w.res = w.res + cost
  data = data .. '|' .. n .. '=' .. fmt(cost) .. '=' .. fmt(w.res)
end
redis.call('ZADD', L, now + leaseMs, id)
redis.call('HSET', D, id, data)
if isProbe then state.probe = id end
if isTiming then state.timing = id end
if member ~= '' and backlog ~= '' then redis.call('HSET', S, 'd:' .. member, backlog .. ',' .. fmt(now)) end
save(state)
return { 1, redis.call('ZCOUNT', M, '(' .. fmt(now), '+inf') }
`;

/**
 * ARGV: leaseId, answered (1/0), status, retryAfterMs or '', concurrency quota or '', dailyResetMs or '', n, then n groups of
 * policy, quota, window seconds, remaining, reset seconds, counts requests (1/0), exact cost ('' when unknown).
 */
export const SETTLE_SCRIPT = `${COMMON}
local id = ARGV[1]
local data = redis.call('HGET', D, id)
redis.call('ZREM', L, id)
redis.call('HDEL', D, id)
local state = {}
local wasProbe = (s.probe or '') ~= '' and s.probe == id
if wasProbe then state.probe = '' end
if s.timing == id then state.timing = '' end
if ARGV[2] ~= '1' then
  save(state)
  return 0
end
local sentAt = nil
local reservedAt = {}
local costAt = {}
if data then
  sentAt = tonumber(string.match(data, '^([^|]+)'))
  for name, cost, res in string.gmatch(data, '|([^=|]+)=([^=|]+)=([^=|]+)') do
    reservedAt[name] = tonumber(res)
    costAt[name] = tonumber(cost)
  end
end
-- Units granted after this lease and still in flight, per policy: the server may not have counted them.
local laterInFlight = {}
if data then
  for _, other in ipairs(redis.call('HVALS', D)) do
    for name, cost, res in string.gmatch(other, '|([^=|]+)=([^=|]+)=([^=|]+)') do
      if reservedAt[name] and tonumber(res) > reservedAt[name] then
        laterInFlight[name] = (laterInFlight[name] or 0) + tonumber(cost)
      end
    end
  end
end
state.last = fmt(now)
state.learned = '1'
if ARGV[5] ~= '' and tonumber(ARGV[5]) >= 1 then state.conc = fmt(math.floor(tonumber(ARGV[5]))) end
local blocked = num(s.blocked, 0)
local daily = s.daily == '1'
if wasProbe then
  blocked = 0
  daily = false
  for _, n in ipairs(names) do
    local w = W[n]
    w.used = 0
    w.rep = INF
    w.after = -INF
    w.by = INF
  end
end
prune()
local exhausted = 0
local i = 8
for _ = 1, tonumber(ARGV[7]) do
  local name, q, wsec, r, t, req, cost = ARGV[i], ARGV[i + 1], ARGV[i + 2], tonumber(ARGV[i + 3]), ARGV[i + 4], ARGV[i + 5], ARGV[i + 6]
  i = i + 7
  local w = admit(name)
  if w then
  w.seen = now
  if q ~= '' then w.q = tonumber(q) end
  if wsec ~= '' then w.w = tonumber(wsec) * 1000 end
  w.req = req == '1'
  if cost ~= '' and tonumber(cost) > w.hint then w.hint = tonumber(cost) end
  local later = 0
  if data and reservedAt[name] then
    later = laterInFlight[name] or 0
  end
  local candidate = r - later
  local after, by = -INF, INF
  local hasT = t ~= ''
  if hasT then
    local seconds = tonumber(t)
    if sentAt then after = sentAt + (seconds - 1) * 1000 end
    by = now + seconds * 1000
    if r <= 0 then exhausted = math.max(exhausted, seconds * 1000) end
  end
  if hasT and ((not finite(w.by)) or after >= w.by) then
    w.after = after
    w.by = by
    w.rep = candidate
    if finite(w.q) then w.used = w.q - candidate else w.used = 0 end
  elseif hasT and by <= w.after then
    if data and reservedAt[name] and reservedAt[name] <= w.mark then
      w.used = math.max(0, w.used - (costAt[name] or 0))
    end
  else
    if hasT then
      w.after = math.max(w.after, after)
      w.by = math.min(w.by, by)
    end
    local figure = candidate
    if w.req then figure = r end
    w.rep = math.min(w.rep, figure)
    if finite(w.q) then w.used = math.max(w.used, w.q - figure) end
  end
  end
end
if ARGV[3] == '429' or ARGV[4] ~= '' then
  local delay = tonumber(ARGV[4])
  if delay == nil then
    if exhausted > 0 then delay = exhausted else delay = BACKOFF end
  end
  if now + math.min(MAX_HOLD, delay) > blocked then
    blocked = now + math.min(MAX_HOLD, delay)
    daily = false
  end
end
if ARGV[6] ~= '' then
  local untilAt = now + math.min(MAX_HOLD, tonumber(ARGV[6]))
  if untilAt >= blocked then
    blocked = untilAt
    daily = true
  end
end
state.blocked = fmt(blocked)
state.daily = daily and '1' or '0'
save(state)
return 1
`;

/** ARGV: leaseMs, memberId, then the lease ids to extend. Returns the number of live members. */
export const RENEW_SCRIPT = `${COMMON}
local leaseMs = tonumber(ARGV[1])
expire()
for i = 3, #ARGV do
  if redis.call('ZSCORE', L, ARGV[i]) then redis.call('ZADD', L, 'XX', now + leaseMs, ARGV[i]) end
end
redis.call('ZADD', M, now + math.max(leaseMs, MEMBER_MIN), ARGV[2])
redis.call('ZREMRANGEBYSCORE', M, '-inf', now)
for _, key in ipairs({ S, L, D, M, Q, QS }) do redis.call('PEXPIRE', key, TTL) end
return redis.call('ZCARD', M)
`;

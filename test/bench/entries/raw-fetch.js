// A browser app making one boards call with raw fetch: the bundle-size floor.
// Bundle entries are plain JavaScript: they stand for an app, and the SDK's one imports the built
// package, which the type-checker cannot see before a build.
const query =
  'query Boards($limit: Int, $ids: [ID!]) { boards(limit: $limit, ids: $ids) { id name owner: creator { account { slug } } } }';

fetch('https://api.example.com/v2', {
  method: 'POST',
  headers: { Authorization: 'token', 'API-Version': '2024-10', 'Content-Type': 'application/json' },
  body: JSON.stringify({ query, variables: { limit: 5 } }),
})
  .then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return response.json();
  })
  .then((json) => console.log(json.data.boards));

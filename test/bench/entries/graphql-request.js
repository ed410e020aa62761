// A browser app making one boards call with graphql-request alone.
import { GraphQLClient } from 'graphql-request';

const query =
  'query Boards($limit: Int, $ids: [ID!]) { boards(limit: $limit, ids: $ids) { id name owner: creator { account { slug } } } }';

const client = new GraphQLClient('https://api.example.com/v2', {
  headers: { Authorization: 'token', 'API-Version': '2024-10' },
});
client.request(query, { limit: 5 }).then((data) => console.log(data.boards));

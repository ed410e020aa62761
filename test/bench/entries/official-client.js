// A browser app making one boards call with the platform's official client.
import { ApiClient } from '@mondaydotcomorg/api';

const query =
  'query Boards($limit: Int, $ids: [ID!]) { boards(limit: $limit, ids: $ids) { id name owner: creator { account { slug } } } }';

const client = new ApiClient({ token: 'token', apiVersion: '2024-10', endpoint: 'https://api.example.com/v2' });
client.request(query, { limit: 5 }).then((data) => console.log(data.boards));

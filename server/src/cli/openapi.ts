// Writes the API's OpenAPI document, the web app's types made from it and the
// open feed's JSON Schema (openapi/artifacts.ts):  npm run -s openapi
// Run it after changing a route's schema; openapi.test.ts fails until then.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_FILE, FEED_SCHEMA_FILE, renderArtifacts, TYPES_FILE } from '../openapi/artifacts';

const { document, types, feed } = await renderArtifacts();
await writeFile(DOCUMENT_FILE, document);
await writeFile(TYPES_FILE, types);
await writeFile(FEED_SCHEMA_FILE, feed);
for (const file of [DOCUMENT_FILE, TYPES_FILE, FEED_SCHEMA_FILE])
  console.log(path.relative(process.cwd(), file));

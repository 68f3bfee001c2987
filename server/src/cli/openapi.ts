// Writes the API's OpenAPI document and the web app's types made from it
// (openapi/artifacts.ts):  npm run -s openapi
// Run it after changing a route's schema; openapi.test.ts fails until then.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DOCUMENT_FILE, renderArtifacts, TYPES_FILE } from '../openapi/artifacts';

const { document, types } = await renderArtifacts();
await writeFile(DOCUMENT_FILE, document);
await writeFile(TYPES_FILE, types);
for (const file of [DOCUMENT_FILE, TYPES_FILE]) console.log(path.relative(process.cwd(), file));

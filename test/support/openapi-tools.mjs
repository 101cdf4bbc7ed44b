// The OpenAPI tools that are ES modules only, which jest's CommonJS runtime cannot load: run as a child process
// with the document on stdin. `validate` prints {valid, version, errors} as JSON (@seriousme/openapi-schema-validator);
// `types` prints the TypeScript types of the document (openapi-typescript).
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString } from 'openapi-typescript';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const document = JSON.parse(Buffer.concat(chunks).toString('utf8'));

if (process.argv[2] === 'validate') {
  const validator = new Validator();
  const result = await validator.validate(document);
  process.stdout.write(JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? [] }));
} else if (process.argv[2] === 'types') {
  process.stdout.write(astToString(await openapiTS(document, { exportType: true })));
} else throw new Error(`openapi-tools: validate or types, not ${process.argv[2]}`);

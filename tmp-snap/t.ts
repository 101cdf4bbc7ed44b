import 'reflect-metadata';
import { loadConfig } from '../src/config';
import { openInfrastructure } from '../src/infrastructure/composition-root';
import { createServer } from '../src/server';
const main = async () => {
  for (let i = 0; i < 3; i++) {
    const t0 = Date.now();
    const infra = await openInfrastructure({ ...loadConfig(), dataDir: '/tmp/snapt/data' });
    const t1 = Date.now();
    const app = await createServer(infra, {});
    const t2 = Date.now();
    await app.close(); await infra.close();
    console.log('open', t1 - t0, 'app', t2 - t1, 'close', Date.now() - t2);
  }
};
main();

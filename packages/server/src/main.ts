import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

/** `npm start`: Vigil on the configured database, without demo data. */
async function main(): Promise<void> {
  const config = loadConfig();
  const vigil = await buildApp(config);
  const shutdown = async () => {
    await vigil.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await vigil.app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(`Vigil is running at http://${shown}:${config.port}/ (${vigil.database.describe}); API docs at /api/docs`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { startServer } from './support/server';

export default async function globalSetup(): Promise<void> {
  await startServer();
}

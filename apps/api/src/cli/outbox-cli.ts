import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../seed/cli-database.js';
import { countOutbox, listOutbox } from '../modules/outbox/outbox.repository.js';
import { formatOutbox } from './outbox.js';

/**
 * `npm run outbox [-- --email alguien@ing.edu.py] [--limit 20]`: prints the outbox, its temporary passwords
 * masked (issue 40), and how many it left out past the limit (issue 44). On the embedded database it needs `npm start` stopped (one process per data directory).
 */
const { values } = parseArgs({
  options: { email: { type: 'string' }, limit: { type: 'string', default: '20' } },
});
const limit = Math.min(Math.max(Number.parseInt(values.limit, 10) || 20, 1), 500);
const database = await openConfiguredDatabase();
try {
  const mails = await listOutbox(database.db, { email: values.email, limit });
  console.log(formatOutbox(mails, await countOutbox(database.db, values.email)));
} finally {
  await database.close();
}

/**
 * Which API suites run on PostgreSQL as well as PGlite (see describeEachDatabase in helpers.ts).
 *
 * PGlite is PostgreSQL itself compiled to WebAssembly: one SQL text gives one answer on both. What
 * differs is around the SQL: PGlite has one connection and no real concurrency (locks, SKIP LOCKED,
 * races between transactions, a pool), its own driver (type parsing, error codes, how odd strings are
 * encoded), no LISTEN/NOTIFY between processes, and the database server's own settings (collation,
 * time zone). A suite that exercises any of these, migrations, faults, or the lists whose SQL does
 * the work (search, sort, paging, imports all or nothing), runs on both.
 *
 * A suite runs on both unless it is listed here, with the reason its result does not depend on the
 * engine: dropping PostgreSQL from a suite takes an entry and a reason, never an omission. A new
 * suite therefore runs on both until someone decides otherwise. `npm test` with TEST_DATABASE_URL
 * set fails when a suite that runs on PGlite as "[pglite]" has no "[postgres]" twin.
 */
export const ENGINE_INDEPENDENT: Readonly<Record<string, string>> = {
  'access-log.test.ts': 'what the access log writes for a request; the rows behind it are plain reads',
  'account-safety.test.ts':
    'who may invite and what the mails say, decided in the services; the team rows and their locks are team.test.ts on both',
  'admin-cli.test.ts':
    'the CLI’s arguments and output; the owner rule under concurrent changes is people.test.ts on both',
  'authz-matrix.test.ts':
    'who may call each route is decided before and around queries that the other suites run on both',
  'booking-from-quote.test.ts':
    'what a quote allows a booking and who sees the forwarder: rules in the services over plain reads',
  'booking-pdf.test.ts': 'the text and layout of the PDFs made from a booking already read',
  'booking-screens.test.ts': 'what each role may do and the form rules of the screens, before any write',
  'compression.test.ts': 'HTTP encoding of replies and static files',
  'date-range.test.ts': 'out-of-range dates are refused by validation before any query',
  'deployment-binding.test.ts': 'signatures bound to the public address; no database state decides',
  'mail-script.test.ts': '`npm run mail` reads the outbox directory of .eml files',
  'numeric-params.test.ts': 'bounds of path and query numbers, checked by the route schemas before any query',
  'openapi-failures.test.ts': 'the OpenAPI document is built from the route schemas alone',
  'ops.test.ts': 'headers, CORS, request ids, logs and the rate limiter, around the handlers',
  'page-render.test.ts': 'the page the web renders on the server from API replies other suites check on both',
  'page-render-isolation.test.ts':
    'renders side by side and their deadline, in the web’s server entry; the rows are plain reads checked on both',
  'password-change.test.ts':
    'form rules and mails of a password change; session ends are auth.test.ts on both',
  'password-rules.test.ts': 'the password rule of the contract, applied by each form before any write',
  'pdf-workers.test.ts': 'worker threads and their fair queue; the booking is read once per document',
  'proof-of-work.test.ts':
    'challenge signatures and levels; the once-only store is kv.test.ts on both databases and Redis',
  'register-guard.test.ts': 'captcha and throttle before the registration form reaches the database',
  'reset.test.ts': 'reset mails, their language and the form; a code is one row read and updated',
  'reset-hardening.test.ts': 'budgets and throttles of reset codes kept in the shared store, and the logs',
  'rfq.test.ts': 'RFQ mails, their language and who may read one: rules over plain reads and writes',
  'rfq-answers.test.ts': 'answer rules, mails and notices of an RFQ: rules over plain reads and writes',
};

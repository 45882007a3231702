import fs from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  type Locale,
  type MessageKey,
  type MessageParams,
  REQUEST_TIMEOUT_MS,
  translate,
} from '@freight/contract';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.js';
import { activityRoutes } from './modules/activity/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { startWebhookWorker, type WebhookWorker } from './modules/webhooks/worker.js';
import { runMailWorker } from './modules/mail-outbox/worker.js';
import { bookingMailAttachment } from './modules/bookings/notify.js';
import { mailPreferenceRoutes } from './modules/mail-preferences/routes.js';
import { mailLinks, startDigestTimer } from './modules/mail-preferences/service.js';
import { documentSignIn, signInSchemes } from './modules/auth/hook.js';
import { authRoutes } from './modules/auth/routes.js';
import { bookingRoutes } from './modules/bookings/routes.js';
import { type PdfDocuments, pdfDocuments } from './modules/documents-pdf/documents.js';
import { documentsPdfRoutes } from './modules/documents-pdf/routes.js';
import { contactRoutes } from './modules/contacts/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { rateRoutes } from './modules/rates/routes.js';
import { rfqRoutes } from './modules/rfqs/routes.js';
import { referenceRoutes } from './modules/reference/routes.js';
import { shipperRoutes } from './modules/shippers/routes.js';
import { teamRoutes } from './modules/team/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { closedGate } from './modules/system/closed-gate.js';
import { systemRoutes } from './modules/system/routes.js';
import type { Database, Db } from './platform/db.js';
import { frameworkErrorHandler, registerErrorHandler, sendError } from './platform/error-handler.js';
import { requestLocale } from './platform/locale.js';
import { onCommitted } from './platform/commit-events.js';
import { databaseKv, type KvStore, redisKv } from './platform/kv.js';
import { type LiveBus, liveChannel, memoryBus, redisBus } from './platform/live-bus.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { registerRateLimit } from './platform/rate-limit.js';
import { registerCompression } from './platform/compression.js';
import { PortalLogController, requestForLog } from './platform/log.js';
import { serializeReply } from './platform/reply.js';
import { secureCookies } from './platform/secure-cookies.js';
import { type Lifecycle, registerLifecycle } from './platform/shutdown.js';
import { directoryStorage, type FileStorage, s3Storage } from './platform/storage.js';
import { zodValidatorCompiler } from './platform/validation.js';
import { readVersion } from './platform/version.js';
import { requestId } from './platform/request-id.js';
import { ASSET_FILE, isHashedAsset, trimAssetHeaders } from './platform/asset-headers.js';
import { loadPageRenderer, memberPageRenderer } from './platform/page-render.js';

type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  kv: KvStore;
  /** live events (notifications) to the event streams of every instance */
  bus: LiveBus;
  storage: FileStorage;
  mailer: Mailer;
  /** the booking PDFs: made on worker threads, kept per booking version */
  documents: PdfDocuments;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Whether the instance is draining before a shutdown (platform/shutdown.ts). */
    lifecycle: Lifecycle;
    /** The maintenance switch (app_close) as this instance last read it. */
    closedGate: ReturnType<typeof closedGate>;
    /** This instance's open notification event streams. */
    notificationStreams: { count(): number };
  }
  interface FastifyRequest {
    /** The request's language, from the Lang header. */
    readonly locale: Locale;
    /** Translates a shared message key into the request's language. */
    t(key: MessageKey, params?: MessageParams): string;
  }
}

type BuildOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is added (the authorization matrix test reads the route table so). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
};

/** The shared services the configuration asks for: Redis or the database for short-lived state, and so on. */
async function createDeps(config: Config, database: Database, log: FastifyBaseLogger): Promise<AppDeps> {
  const onBusError = (error: unknown) => log.warn({ err: error }, 'live bus');
  return {
    config,
    database,
    db: database.db,
    kv: config.redisUrl ? redisKv(config.redisUrl) : databaseKv(database.db),
    bus: config.redisUrl
      ? redisBus(config.redisUrl, await liveChannel(database, config.dataDir), onBusError)
      : memoryBus(),
    storage: config.s3 ? s3Storage(config.s3) : directoryStorage(path.join(config.dataDir, 'files')),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log,
      pool: { maxConnections: config.mail.concurrency, timeoutMs: config.mail.timeoutMs },
    }),
    documents: pdfDocuments({
      workers: config.pdf.workers,
      perCompany: config.pdf.perCompany,
      waitingPerCompany: config.pdf.waitingPerCompany,
      waiting: config.pdf.waiting,
    }),
  };
}

/** Small JSON bodies: these routes refuse anything bigger than SMALL_BODY_LIMIT with 413. */
const SMALL_BODY_LIMIT = 16 * 1024;
const SMALL_BODY_ROUTES = new Set([
  'POST /api/system/login',
  'POST /api/system/logout',
  'POST /api/system/password',
]);

/** Builds the whole server (API + SPA). Used by main.ts and by every API test. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger:
      options.logger === false || options.logger === true
        ? options.logger
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.password_hash'],
            serializers: { req: requestForLog },
            ...options.logger,
          },
    // Probes (health, readiness) logged at debug: at info they were most of the log.
    logController: new PortalLogController(),
    requestTimeout: REQUEST_TIMEOUT_MS,
    trustProxy: config.trustProxy,
    // JSON bodies: 1 MB unless the route says less; multipart uploads have their own limits.
    bodyLimit: 1024 * 1024,
    // Requests that reach a closing server on a connection still open are served, not refused:
    // the drain (platform/shutdown.ts) has told every client to close after its reply.
    return503OnClosing: false,
    requestIdHeader: false,
    // Errors the router answers before any hook (a path parameter over 100 characters, a broken
    // percent-encoding) get the envelope too.
    frameworkErrors: frameworkErrorHandler,
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.addHook('onSend', async (request, reply) => {
    if (!isHashedAsset(request.url)) reply.header('x-request-id', request.id);
  });
  secureCookies(app, config.publicUrl);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((method) => SMALL_BODY_ROUTES.has(`${method} ${route.url}`))) {
      route.bodyLimit = Math.min(route.bodyLimit ?? SMALL_BODY_LIMIT, SMALL_BODY_LIMIT);
    }
  });

  const deps = await createDeps(config, database, app.log);
  // What a transaction announces once it has committed goes to every instance's streams.
  const stopRelay = onCommitted(database.db, (message) => deps.bus.publish(message));
  // Each instance looks for due mail digests; rows are claimed, so instances never send one twice.
  const stopDigests = startDigestTimer({
    db: deps.db,
    links: mailLinks(config),
    log: app.log,
  });
  app.decorate('deps', deps);
  app.decorate('lifecycle', registerLifecycle(app));
  app.decorate('closedGate', closedGate(app));
  app.decorate('notificationStreams', { count: () => 0 });
  // Each instance sends the webhook outbox (modules/webhooks/worker.ts) while it is up.
  let webhookWorker: WebhookWorker | undefined;
  app.addHook('onReady', async () => {
    if (!config.webhooks.worker) return;
    webhookWorker = startWebhookWorker({
      db: database.db,
      config: config.webhooks,
      publicUrl: config.publicUrl,
      log: app.log,
    });
  });
  // Each instance sends the mail outbox while it is up (before the mailer closes).
  const { webDist, pdf } = config;
  const { documents } = deps;
  runMailWorker(app, bookingMailAttachment({ db: deps.db, webDist, documents, maxPages: pdf.maxPages }));
  app.addHook('onClose', async () => {
    await webhookWorker?.stop();
    stopDigests();
    deps.mailer.close();
    stopRelay();
    await Promise.all([deps.kv.close(), deps.storage.close(), deps.bus.close(), deps.documents.close()]);
  });
  app.decorateRequest('user', null);
  app.decorateRequest('context', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('bearerToken', null);
  app.decorateRequest('locale', {
    getter() {
      return requestLocale(this);
    },
  });
  app.decorateRequest('t', function (key: MessageKey, params?: MessageParams) {
    return translate(this.locale, key, params);
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  // Response schemas document the API (OpenAPI); replies are plain JSON.
  app.setSerializerCompiler(() => serializeReply);
  registerErrorHandler(app);

  const production = config.nodeEnv === 'production';
  // Helmet's middleware built once (the Fastify plugin built it again for every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Ant Design injects its CSS-in-JS as <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        // A booking PDF is printed from a hidden frame holding the page's own blob of it.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    hsts: production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });

  // Closed unless CORS_ORIGINS lists the browser origins allowed to call the API.
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Lang', 'X-Request-Id'],
    exposedHeaders: ['X-Renewed-Token', 'X-Request-Id', 'Retry-After', 'Content-Disposition'],
    maxAge: 600,
  });
  const rateLimited = await registerRateLimit(app, config);
  // Before every route: it hooks each route as the route is added.
  await registerCompression(app);
  // prom-client is loaded only when metrics are asked for (about 13 MB resident).
  if (config.metricsToken)
    (await import('./platform/metrics.js')).registerMetrics(app, { token: config.metricsToken, database });

  await app.register(multipart, { throwFileSizeLimit: true });

  app.addHook('onRoute', documentSignIn);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Freight booking portal API',
        version: readVersion(config.webDist),
        description:
          'Every reply is an envelope: `{code: 0, msg, data}` on success, `{code: 1, msg, errors?}` with a real HTTP status on failure. ' +
          'Send `Lang: cn | en` to choose the language of messages.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: signInSchemes },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      api.addHook('onRequest', app.closedGate.hook);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      await api.register(systemRoutes);
      await api.register(referenceRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(teamRoutes);
      await api.register(fileRoutes);
      await api.register(contactRoutes);
      await api.register(shipperRoutes);
      await api.register(rateRoutes);
      await api.register(rfqRoutes);
      await api.register(bookingRoutes);
      await api.register(documentsPdfRoutes);
      await api.register(activityRoutes);
      await api.register(notificationRoutes);
      await api.register(webhookRoutes);
      await api.register(mailPreferenceRoutes);
    },
    { prefix: '/api' },
  );

  app.get('/version.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { version: readVersion(config.webDist) };
  });

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasSpa = fs.existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): sent by Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        if (immutable && ASSET_FILE.test(filePath)) trimAssetHeaders(reply);
        // Pictures of the public folder (the login picture, the icon) keep their names across
        // builds: a day in the cache, then used while revalidated. A warm /login asked for the
        // picture again before painting it (two round trips on a slow link).
        const picture = /\.(?:webp|jpe?g|png|svg|ico)$/.test(filePath);
        reply.header(
          'cache-control',
          immutable
            ? 'public, max-age=31536000, immutable'
            : picture
              ? 'public, max-age=86400, stale-while-revalidate=604800'
              : 'no-cache',
        );
      },
    });
    // The root is a directory to the static plugin (which answers 403 for it): serve the SPA.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html'),
    );
    // The login page's own variant, whose HTML paints the picture before any script runs.
    const loginHtml = fs.existsSync(path.join(config.webDist, 'login.html')) ? 'login.html' : 'index.html';
    app.get('/login', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile(loginHtml),
    );
    // Member pages whose variant names their scripts for preloading (apps/web/vite.config.ts).
    const pagesFile = path.join(config.webDist, 'pages.json');
    const pages = fs.existsSync(pagesFile)
      ? (JSON.parse(fs.readFileSync(pagesFile, 'utf8')) as Record<string, string>)
      : {};
    // With the page cookie of a live session, their first view is rendered in the HTML.
    const loadRenderer = config.pageRender ? loadPageRenderer(config.webDist, app.log) : undefined;
    const renderer =
      loadRenderer &&
      memberPageRenderer({
        app,
        loadRenderer,
        webDist: config.webDist,
        deadlineMs: config.pageRenderDeadlineMs,
        maxLoopDelayMs: config.pageRenderMaxLoopDelayMs,
      });
    for (const [route, file] of Object.entries(pages)) {
      const template = fs.readFileSync(path.join(config.webDist, file), 'utf8');
      app.get(route, { schema: { hide: true } }, async (request, reply) => {
        // What is sent depends on the cookies: no shared cache may give one person's page to another.
        reply.header('vary', 'Cookie');
        const html = await renderer?.render(request, template);
        if (html === undefined)
          return reply.header('cache-control', 'no-cache').type('text/html').sendFile(file);
        return reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(html);
      });
    }
  }

  app.setNotFoundHandler({ preHandler: rateLimited ? [rateLimited] : [] }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (!isApi && hasSpa && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the SPA's router decides what an unknown path shows.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return sendError(reply, request.locale, 404, 'errors.routeNotFound', { method: request.method, url });
  });

  return app;
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client.js';
import type { Env } from './env.js';
import { loadAuditKeyring, useAuditKeyring } from './lib/audit-keys.js';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from './lib/deps.js';
import { fileLinkRoutes } from './lib/file-links.js';
import { MailDispatcher } from './lib/mail.js';
import { DOCS_CSP, japaneseDocTransform, withOperationIds } from './lib/openapi-ja.js';
import { type JobQueue, missingJobQueue } from './lib/queue.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import type { FileStorage } from './lib/storage.js';
import { createFileStorage } from './lib/storage-backends.js';
import { accountSettingsRoutes } from './modules/account-settings/account-settings.routes.js';
import { fiscalRoutes } from './modules/accounting/fiscal.routes.js';
import { journalRoutes } from './modules/accounting/journal.routes.js';
import { statementRoutes } from './modules/accounting/statements.routes.js';
import { adminCompanyRoutes } from './modules/admin-companies/admin-companies.routes.js';
import { adminDashboardRoutes } from './modules/admin-dashboard/admin-dashboard.routes.js';
import { adminRoutes } from './modules/admins/admins.routes.js';
import { attendanceRoutes } from './modules/attendance/attendance.routes.js';
import { type CheckpointStore, createCheckpointStore } from './modules/audit-logs/audit-checkpoints.js';
import { auditLogRoutes } from './modules/audit-logs/audit-logs.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { bankStatementRoutes } from './modules/bank-statements/bank-statements.routes.js';
import { companyProfileRoutes } from './modules/company-profile/company-profile.routes.js';
import { consumptionTaxRoutes } from './modules/consumption-tax/consumption-tax.routes.js';
import { customerRoutes } from './modules/customers/customers.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { domainRoutes } from './modules/domains/domains.routes.js';
import { employeeRoutes } from './modules/employees/employees.routes.js';
import { infoRoutes } from './modules/infos/infos.routes.js';
import { invitationRoutes } from './modules/invitations/invitations.routes.js';
import { invoiceRoutes } from './modules/invoices/invoices.routes.js';
import { TesseractEngine } from './modules/ocr-documents/engine.js';
import { ocrDocumentRoutes } from './modules/ocr-documents/ocr-documents.routes.js';
import type { OcrServices } from './modules/ocr-documents/ocr-job.js';
import { MupdfRasteriser } from './modules/ocr-documents/rasteriser.js';
import { paymentBatchRoutes } from './modules/payment-batches/payment-batches.routes.js';
import { paymentRoutes } from './modules/payments/payments.routes.js';
import { productRoutes } from './modules/products/products.routes.js';
import { registryRoutes } from './modules/registry/registry.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { taxReturnRoutes } from './modules/tax-returns/tax-returns.routes.js';
import { transactionDocumentRoutes } from './modules/transaction-documents/transaction-documents.routes.js';
import { transactionRoutes } from './modules/transactions/transactions.routes.js';
import { zenginRoutes } from './modules/zengin/zengin.routes.js';
import { authPlugin } from './plugins/auth.js';
import { cacheControlPlugin } from './plugins/cache-control.js';
import { errorsPlugin } from './plugins/errors.js';
import { type RateLimits, rateLimitPlugin } from './plugins/rate-limit.js';
import { securityHeaderOptions, securityHeadersPlugin } from './plugins/security-headers.js';

export type { AppDeps, LoginLimits } from './lib/deps.js';

export type App = FastifyInstance;

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildAppOptions {
  env: Env;
  db: Db;
  driver: 'pglite' | 'postgres';
  logger?: FastifyServerOptions['logger'];
  loginLimits?: Partial<LoginLimits>;
  /** Serve the built web app (apps/web/dist) with an SPA fallback. */
  serveWeb?: boolean;
  /** The folder of the built web app (default apps/web/dist). */
  webDist?: string;
  /** Print mails that are only recorded (no SMTP_URL). */
  printMail?: boolean;
  /** The global per-IP limits of /api (default: from env RATE_LIMIT_*); false = none (the test harness). */
  rateLimits?: Partial<RateLimits> | false;
  /** The job queue (createJobQueue); it is stopped when the app closes. Without it, send() fails. */
  queue?: JobQueue;
  /** Where uploaded files are kept (default: memory under NODE_ENV=test, else DATA_DIR/files). */
  storage?: FileStorage;
  /** OCR engine and rasteriser (default: tesseract.js + mupdf, both started on first use). */
  ocr?: OcrServices;
  /** Where the audit chains' checkpoints are kept (default: memory under NODE_ENV=test, else a file, ADR 0040). */
  auditCheckpoints?: CheckpointStore;
}

/**
 * One log line per request, written when it completes (method, url, status, time): not Fastify's two
 * ("incoming request" with the whole request, then "request completed"). Errors are logged as before.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(...args: Parameters<LogController['requestCompleted']>): void {
    const [error, request, reply] = args;
    if (error) {
      super.requestCompleted(...args);
      return;
    }
    const req = request as FastifyRequest;
    const res = reply as FastifyReply;
    req.log.info(
      { method: req.method, url: req.url, statusCode: res.statusCode, responseTime: res.elapsedTime },
      'request completed',
    );
  }
}

/** Builds the Fastify application. Tests call `app.inject()` on it; main.ts makes it listen. */
export async function buildApp(opts: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // X-Forwarded-For is believed only from the load balancers named by TRUST_PROXY (ADR 0058)
    trustProxy: opts.env.TRUST_PROXY ?? false,
    bodyLimit: 2 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    logController: new OneLineRequestLog(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // a response that does not match its schema fails the request in tests, and is logged and sent unchecked otherwise
  app.setSerializerCompiler(responseSerializerCompiler({ strict: opts.env.NODE_ENV === 'test', log: app.log }));

  const mailer = new MailDispatcher(opts.db, {
    smtpUrl: opts.env.SMTP_URL,
    from: opts.env.MAIL_FROM,
    log: app.log,
    printMail: opts.printMail,
  });
  const queue = opts.queue ?? missingJobQueue();
  // the audit log's signing key, kept outside the database (ADR 0040): main.ts loads it before the seed too
  useAuditKeyring(loadAuditKeyring(opts.env));
  app.decorate('deps', {
    env: opts.env,
    db: opts.db,
    driver: opts.driver,
    mailer,
    queue,
    loginLimits: { ...DEFAULT_LOGIN_LIMITS, ipAttempts: opts.env.LOGIN_IP_ATTEMPTS, ...opts.loginLimits },
    storage: opts.storage ?? createFileStorage(opts.env, opts.db),
    clock: () => new Date(),
    ocr: opts.ocr ?? { engine: new TesseractEngine(), rasteriser: new MupdfRasteriser() },
    auditCheckpoints: opts.auditCheckpoints ?? createCheckpointStore(opts.env),
  });
  app.addHook('onClose', async () => {
    await mailer.stop();
    await queue.stop();
    await app.deps.ocr.engine.close();
    await app.deps.ocr.rasteriser.close();
  });

  await app.register(securityHeadersPlugin, securityHeaderOptions(opts.env.API_ALLOWED_ORIGINS));
  await app.register(cookie);
  // Per-route limits are applied by lib/uploads.ts (readUpload); these are the outer bounds.
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 20, fields: 50, parts: 80 } });
  await app.register(errorsPlugin);
  await app.register(cacheControlPlugin);
  if (opts.rateLimits !== false) {
    const limits: RateLimits = {
      max: opts.env.RATE_LIMIT_MAX,
      publicMax: opts.env.RATE_LIMIT_PUBLIC_MAX,
      windowSeconds: opts.env.RATE_LIMIT_WINDOW_SECONDS,
      ...opts.rateLimits,
    };
    await app.register(rateLimitPlugin, { limits, db: opts.db });
  }
  await app.register(authPlugin);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Chobo（帳簿） API',
        version: '0.1.0',
        description: '帳簿 — 企業向けバックオフィスのAPI',
        license: { name: 'AGPL-3.0-or-later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
      },
      servers: [{ url: '/', description: 'このサーバー' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: japaneseDocTransform,
    transformObject: (doc) => ('openapiObject' in doc ? withOperationIds(doc.openapiObject) : doc.swaggerObject),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // the Swagger UI pages get their own CSP (lib/openapi-ja.ts), replacing the app's for /api/docs only
    staticCSP: DOCS_CSP,
    uiConfig: { validatorUrl: null, docExpansion: 'list', deepLinking: true },
  });
  app.get('/api/openapi.json', { config: { access: { public: true } }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(customerRoutes);
  await app.register(journalRoutes);
  await app.register(statementRoutes);
  await app.register(dashboardRoutes);
  await app.register(fiscalRoutes);
  await app.register(productRoutes);
  await app.register(transactionRoutes);
  await app.register(invoiceRoutes);
  await app.register(transactionDocumentRoutes);
  await app.register(ocrDocumentRoutes);
  await app.register(registryRoutes);
  await app.register(paymentRoutes);
  await app.register(paymentBatchRoutes);
  await app.register(bankStatementRoutes);
  await app.register(fileLinkRoutes);
  await app.register(taxReturnRoutes);
  await app.register(consumptionTaxRoutes);
  await app.register(employeeRoutes);
  await app.register(attendanceRoutes);
  await app.register(accountSettingsRoutes);
  await app.register(companyProfileRoutes);
  await app.register(invitationRoutes);
  await app.register(adminCompanyRoutes);
  await app.register(adminRoutes);
  await app.register(domainRoutes);
  await app.register(infoRoutes);
  await app.register(settingsRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(auditLogRoutes);
  await app.register(zenginRoutes);

  const webDist = opts.webDist ?? WEB_DIST;
  const serveWeb = opts.serveWeb === true && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // files are looked up per request, so a rebuild of the web app is served without a restart
      wildcard: true,
      index: false,
      // the build writes .br and .gz beside every text asset (apps/web/vite.config.ts): sent as they are
      // to clients that accept them, with Vary: Accept-Encoding
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  // The sign-in pages have their own copy of index.html with the page's markup in it (painted before the
  // JavaScript has loaded; apps/web/login-shell.html), when the build wrote them.
  const loginPages: Record<string, string> = {
    '/login': 'login.html',
    '/company/login': 'login.html',
    '/employee/login': 'employee-login.html',
  };
  const sendIndex = (reply: FastifyReply, url = '/') => {
    reply.header('Cache-Control', 'no-cache');
    const page = loginPages[url.split('?')[0]?.replace(/(.)\/+$/, '$1') ?? ''];
    const file = page && existsSync(path.join(webDist, page)) ? page : 'index.html';
    return reply.sendFile(file, { cacheControl: false });
  };
  if (serveWeb) app.get('/', { schema: { hide: true } }, (_req, reply) => sendIndex(reply));
  // Unknown API paths answer JSON; any other GET is a client-side route of the SPA (history mode).
  app.setNotFoundHandler((req, reply) => {
    // "is this a file" from the path alone: a mailed link's query (…&email=owner%40example.co.jp) must not
    // make a client-side route a missing file
    const pathname = req.url.split('?')[0] ?? '';
    const isFile = pathname.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(pathname);
    if (!serveWeb || req.url.startsWith('/api/') || req.url === '/api' || req.method !== 'GET' || isFile) {
      return reply.status(404).send({ message: 'ページが見つかりません' });
    }
    return sendIndex(reply, req.url);
  });

  return app;
}

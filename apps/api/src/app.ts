import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PublicSettings } from '@arandu/shared';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import nodemailer from 'nodemailer';
import { Background } from './lib/background.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { outboxRoutes } from './modules/outbox/outbox.routes.js';
import { OutboxSender, type MailTransport } from './lib/outbox-sender.js';
import { systemClock, type Clock } from './lib/clock.js';
import { AlertsJob } from './modules/alerts/alerts-job.js';
import { alertsRoutes } from './modules/alerts/alerts.routes.js';
import { noticesRoutes } from './modules/notices/notices.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { mfaRoutes } from './modules/auth/mfa.routes.js';
import { webauthnRoutes } from './modules/auth/webauthn.routes.js';
import { sessionsRoutes } from './modules/auth/sessions.routes.js';
import { securityEventsRoutes } from './modules/security-events/security-events.routes.js';
import { OidcClient } from './modules/auth/oidc.js';
import { oidcRoutes } from './modules/auth/oidc.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { photosRoutes } from './modules/photos/photos.routes.js';
import { alumnosRoutes } from './modules/students/students.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { carrerasRoutes } from './modules/careers/careers.routes.js';
import { aulasRoutes } from './modules/rooms/rooms.routes.js';
import { calendarioRoutes } from './modules/calendario-academico/calendario.routes.js';
import { materiasRoutes } from './modules/subjects/subjects.routes.js';
import { mallasRoutes } from './modules/mallas/mallas.routes.js';
import { periodosRoutes } from './modules/periods/periods.routes.js';
import { periodoMateriasRoutes } from './modules/subject-periods/periodo-materias.routes.js';
import { materiasPeriodoRoutes } from './modules/subject-periods/subject-periods.routes.js';
import { profesoresRoutes } from './modules/professors/professors.routes.js';
import { teachingRoutes } from './modules/teaching/teaching.routes.js';
import { entregasRoutes } from './modules/hand-ins/hand-ins.routes.js';
import { pgStorage } from './lib/storage/pg-storage.js';
import { clamavScanner } from './lib/clamav.js';
import { enrolmentsRoutes } from './modules/enrolments/enrolments.routes.js';
import { examenesRoutes } from './modules/exams/exams.routes.js';
import { rectificationsRoutes } from './modules/exams/rectifications.routes.js';
import { materiaRectificationsRoutes } from './modules/subject-periods/subject-rectifications.routes.js';
import { examenInscripcionesRoutes } from './modules/exams/exam-inscriptions.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { planningRoutes } from './modules/planning/planning.routes.js';
import { OfferJob } from './modules/waitlist/offer-job.js';
import { listaEsperaRoutes } from './modules/waitlist/waitlist.routes.js';
import { configurationRoutes } from './modules/settings/configuration.routes.js';
import { certificatesRoutes } from './modules/certificates/certificates.routes.js';
import { scheduleRoutes } from './modules/schedule/schedule.routes.js';
import { verificationRoutes } from './modules/verification/verification.routes.js';
import { configureHashing } from './modules/auth/password.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { operationsPlugin } from './modules/operations/operations.plugin.js';
import { authPlugin } from './plugins/auth.js';
import { answerFrameworkError, errorsPlugin } from './plugins/errors.js';
import { noStorePlugin } from './plugins/no-store.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { routeTablePlugin } from './plugins/route-table.js';
import { swaggerPlugin } from './plugins/swagger.js';
import { webPlugin } from './plugins/web.js';
import { isApiUrl, normaliseUrl } from './lib/api-url.js';
import { withRequestLog } from './lib/request-log.js';
import { rewriteSpecAlias } from './lib/spec-aliases.js';

/** Photos are the largest upload (DOMAIN.md section 8: 5,000,000 bytes); a little room for the envelope. */
const MAX_UPLOAD_BYTES = 5_000_000;

export interface AppDeps {
  config: Config;
  database: Database;
  /** The SMTP client; by default nodemailer over `SMTP_URL` (none without it: mail is kept). */
  mailTransport?: MailTransport;
  logger?: FastifyServerOptions['logger'];
  /** What time it is for the daily jobs; tests pass a clock they move. */
  clock?: Clock;
}

export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  background: Background;
  publicSettings: PublicSettings;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work done after the reply; `drain()` waits for it (tests, shutdown). */
    background: Background;
    /** The outbox sender; `deliverDue()` delivers what is due now. */
    outbox: OutboxSender;
    /** The waiting lists' offer job; `runOnce(now)` runs one pass (tests move the clock). */
    waitlist: OfferJob;
    /** The early warnings' daily job; `runDue()` runs today's pass if no process has. */
    alertsJob: AlertsJob;
  }
}

/** Builds the whole API (plugins and modules) without listening, so tests can build it too. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: withRequestLog(
      deps.logger ?? {
        level: config.logLevel,
        redact: [
          'req.headers.authorization',
          'req.body.password',
          'req.body.currentPassword',
          'req.body.newPassword',
          'req.body.code',
        ],
      },
    ),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // The path as the router reads it, before any hook looks at it (lib/api-url.ts), then the spec's names.
    rewriteUrl: (request) => rewriteSpecAlias(normaliseUrl(request.url ?? '/')),
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const background = new Background(app.log);
  const transport = deps.mailTransport ?? (config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined);
  const outbox = new OutboxSender({ db: database.db, transport, from: config.mailFrom, log: app.log, background });
  app.decorate('background', background);
  app.decorate('outbox', outbox);
  outbox.start();
  app.addHook('onClose', async () => {
    outbox.stop();
    await background.drain();
  });

  const ctx: AppContext = {
    config,
    database,
    mailer: createMailer({ canSend: transport !== undefined, log: app.log, kick: () => outbox.kick() }),
    background,
    publicSettings: {
      appName: config.appName,
      appVersion: config.appVersion,
      appEnv: config.appEnv,
      buildNumber: config.buildNumber,
      institutionalLogin: config.oidc !== undefined,
    },
  };
  configureHashing(config.maxConcurrentHashes);
  const listaEspera = new OfferJob({ db: database.db, mailer: ctx.mailer, log: app.log, background });
  app.decorate('waitlist', listaEspera);
  listaEspera.start();
  app.addHook('onClose', async () => listaEspera.stop());
  const alertsJob = new AlertsJob({
    db: database.db,
    mailer: ctx.mailer,
    clock: deps.clock ?? systemClock,
    log: app.log,
  });
  app.decorate('alertsJob', alertsJob);
  app.addHook('onReady', async () => alertsJob.start());
  app.addHook('onClose', async () => alertsJob.stop());

  await app.register(routeTablePlugin);
  await app.register(errorsPlugin);
  await app.register(noStorePlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine writes its CSS variables into style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  // Cookies: the OpenID Connect sign-in's state cookie and the browser's session cookie (issue 41).
  await app.register(fastifyCookie);
  // Resolves the session first (without refusing), so the rate limit below can count by it.
  await app.register(authPlugin, { db: database.db, mfaConfigured: config.mfaEncryptionKey !== undefined });
  // A per-process safety valve against floods; the login throttles that matter live in PostgreSQL. It is
  // counted per verified session where there is one (a computer lab behind one address is many students, not
  // one), else per address: a made-up token buys no allowance of its own. Static files are not counted.
  await app.register(fastifyRateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !isApiUrl(request.url),
    keyGenerator: (request) => (request.user ? `s:${request.user.sessionId}` : `ip:${request.ip}`),
    errorResponseBuilder: () => ({
      statusCode: 429,
      error: 'Demasiadas solicitudes',
      message: 'Demasiadas solicitudes',
    }),
  });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  await app.register(swaggerPlugin, { version: config.appVersion });
  await app.register(operationsPlugin, { config, database });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database });
      const authDeps = {
        db: database.db,
        mailer: ctx.mailer,
        background: ctx.background,
        publicSettings: ctx.publicSettings,
        mfaKey: config.mfaEncryptionKey,
      };
      const oidc = config.oidc ? new OidcClient(config.oidc) : undefined;
      await api.register(authRoutes, { ...authDeps, oidc, publicUrl: config.publicUrl });
      await api.register(mfaRoutes, { ...authDeps, publicUrl: config.publicUrl });
      await api.register(webauthnRoutes, { ...authDeps, publicUrl: config.publicUrl });
      await api.register(sessionsRoutes, authDeps);
      await api.register(securityEventsRoutes, { db: database.db });
      await api.register(oidcRoutes, {
        ...authDeps,
        oidc,
        publicUrl: config.publicUrl,
      });
      await api.register(usersRoutes, { ...authDeps, publicUrl: config.publicUrl });
      await api.register(settingsRoutes, { db: database.db, mfaConfigured: config.mfaEncryptionKey !== undefined });
      await api.register(photosRoutes, { db: database.db });
      await api.register(alumnosRoutes, { db: database.db });
      await api.register(auditRoutes, { db: database.db });
      await api.register(carrerasRoutes, { db: database.db });
      await api.register(aulasRoutes, { db: database.db });
      await api.register(calendarioRoutes, { db: database.db });
      await api.register(materiasRoutes, { db: database.db });
      await api.register(mallasRoutes, { db: database.db });
      await api.register(periodosRoutes, { db: database.db });
      await api.register(periodoMateriasRoutes, { db: database.db });
      await api.register(materiasPeriodoRoutes, { db: database.db });
      await api.register(profesoresRoutes, { db: database.db });
      await api.register(teachingRoutes, { db: database.db, mailer: ctx.mailer });
      await api.register(entregasRoutes, {
        db: database.db,
        mailer: ctx.mailer,
        // The S3 client is loaded only when a bucket is configured (it costs ~0.7 s and ~25 MB at start).
        storage: config.s3
          ? (await import('./lib/storage/s3-storage.js')).s3Storage(database.db, config.s3)
          : pgStorage(database.db),
        scanner: config.clamavSocket ? clamavScanner(config.clamavSocket) : undefined,
        clock: deps.clock ?? systemClock,
      });
      await api.register(enrolmentsRoutes, { db: database.db });
      await api.register(listaEsperaRoutes, { db: database.db });
      await api.register(examenesRoutes, { db: database.db });
      await api.register(rectificationsRoutes, { db: database.db });
      await api.register(materiaRectificationsRoutes, { db: database.db });
      await api.register(examenInscripcionesRoutes, { db: database.db, mailer: ctx.mailer });
      await api.register(reportsRoutes, { db: database.db });
      await api.register(planningRoutes, { db: database.db });
      await api.register(alertsRoutes, { db: database.db, job: alertsJob, clock: deps.clock ?? systemClock });
      await api.register(noticesRoutes, { db: database.db });
      await api.register(configurationRoutes, { db: database.db });
      await api.register(certificatesRoutes, { db: database.db, publicUrl: config.publicUrl });
      await api.register(scheduleRoutes, {
        db: database.db,
        publicUrl: config.publicUrl,
        feedKey: config.calendarFeedKey,
      });
      await api.register(verificationRoutes, { db: database.db });
      await api.register(outboxRoutes, { db: database.db });
      await api.register(importsRoutes, {
        db: database.db,
        mailer: ctx.mailer,
        publicSettings: ctx.publicSettings,
        publicUrl: config.publicUrl,
      });
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDist: config.webDist });
  return app;
}

import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import Fastify from "fastify";
import type { DestinationStream } from "pino";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { isKnownPage } from "@coderoom/shared/constants/routes";
import { limits } from "@coderoom/shared/constants/limits";
import type { AppDeps } from "./deps";
import { scheduleEmbeddedVacuum } from "./db/embedded-vacuum";
import { createAuth } from "./http/auth";
import { registerErrorHandling, sendFailure } from "./http/error-handler";
import { notFound } from "./http/errors";
import { createOriginCheck } from "./http/origin-check";
import { loggerOptions } from "./http/logger";
import { clientErrorHandler, refuseOriginlessPreflight } from "./http/client-errors";
import { capConnectionsPerIp, serverTimeouts } from "./http/server-limits";
import type { App } from "./http/types";
import { webDistDir } from "./paths";
import { healthRoutes } from "./modules/system/health-routes";
import { createMetrics } from "./modules/system/metrics";
import { observeHttp, observeRunQueue } from "./modules/system/app-metrics";
import { userRoutes } from "./modules/users/routes";
import { contactRoutes } from "./modules/contact/routes";
import { avatarFileRoutes } from "./modules/storage/routes";
import { roomRoutes } from "./modules/rooms/routes";
import { runRoutes } from "./modules/execution/routes";
import { versionRoutes } from "./modules/versions/routes";
import { removedUserRoutes } from "./modules/rooms/removed-user-routes";
import { paymentRoutes } from "./modules/payments/routes";
import { razorpayConfigured } from "./modules/payments/provider";

const API_PREFIX = "/api/v1";

/** Builds the whole HTTP app from its dependencies; tests call this in-process. */
export async function buildApp(deps: AppDeps, opts: { webDir?: string; logStream?: DestinationStream } = {}): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config, opts.logStream),
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: limits.codeMaxBytes * 2 + 64 * 1024,
    // Router errors (bad URL encoding, overlong parameter) skip hooks and the error handler.
    frameworkErrors: (err, request, reply) => sendFailure(err, request, reply.header("x-request-id", request.id)),
    clientErrorHandler,
    ...serverTimeouts(config),
  }).withTypeProvider<ZodTypeProvider>();
  capConnectionsPerIp(app.server, config);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // PGlite runs no autovacuum: the app does its part (planner statistics, dead rows).
  scheduleEmbeddedVacuum(app, deps.db);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.decorateRequest("user", null);
  // Filled by whoever owns a dependency or a figure: the database here, Redis and sockets in realtime/.
  app.decorate("readiness", []);
  app.decorate("metrics", createMetrics());
  observeHttp(app);
  observeRunQueue(app.metrics, deps.execution.scheduler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Razorpay's checkout script, frame and API only when that provider is active.
        scriptSrc: ["'self'", ...(razorpayConfigured(config) ? ["https://checkout.razorpay.com"] : [])],
        ...(razorpayConfigured(config) ? { frameSrc: ["'self'", "https://api.razorpay.com", "https://checkout.razorpay.com"] } : {}),
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Avatar URLs are absolute from PUBLIC_URL, which may differ from the host the page was opened on.
        imgSrc: ["'self'", config.publicOrigin, "data:", "blob:", "https://*.tile.openstreetmap.org"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "ws:", "wss:", ...(razorpayConfigured(config) ? ["https://*.razorpay.com"] : [])],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.secureCookies,
  });
  // @fastify/cors allows only GET/HEAD/POST by default; profile update, room settings,
  // Save Code and delete (PUT, DELETE) must pass a partner origin's preflight too.
  app.addHook("onRequest", refuseOriginlessPreflight);
  await app.register(cors, {
    origin: config.CORS_ORIGINS,
    credentials: true,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: limits.avatarMaxBytes, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: { title: "CodeRoom API", version: "1.0.0", description: "REST contract of spec §7, under /api/v1" },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const auth = createAuth(deps);
  const originCheck = createOriginCheck(config);
  await app.register(healthRoutes, { deps });
  await app.register(
    async (api: App) => {
      // onRequest: before any body is parsed or any multipart upload is buffered.
      api.addHook("onRequest", originCheck);
      await userRoutes(api, deps, auth);
      await contactRoutes(api, deps, auth);
      await roomRoutes(api, deps, auth);
      await runRoutes(api, deps, auth);
      await versionRoutes(api, deps, auth);
      await removedUserRoutes(api, deps, auth);
      await paymentRoutes(api, deps, auth, API_PREFIX);
    },
    { prefix: API_PREFIX },
  );
  await app.register(avatarFileRoutes, { deps });

  const webDir = opts.webDir ?? webDistDir;
  const indexHtml = path.join(webDir, "index.html");
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    // Browsers and tools that ignore <link rel="icon"> still ask for /favicon.ico.
    app.get("/favicon.ico", { schema: { hide: true } }, (_request, reply) => reply.redirect("/favicon.svg", 301));
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each asset (apps/web/precompress-plugin.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (isApi || !hasWeb || !["GET", "HEAD"].includes(request.method)) {
      throw notFound("route_not_found", `No route for ${request.method} ${pathname}`);
    }
    // The SPA renders every page, the not-found page included; the status tells crawlers and tools.
    reply.status(isKnownPage(pathname) ? 200 : 404).header("cache-control", "no-cache");
    return reply.type("text/html; charset=utf-8").send(fs.createReadStream(indexHtml));
  });
  return app as unknown as App;
}

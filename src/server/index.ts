export { createApp } from './create-app.js';
export type { AppDeps, StartRun } from './app-deps.js';
export {
  createEventBus,
  type EventBus,
  type EventListener,
  type ResultSavedEvent,
  type RunProgressEvent,
  type ServerEvent,
} from './event-bus.js';
export { ApiError, errorStatus, type ApiErrorBody, type ApiErrorCode } from './error-status.js';
export { loadOrCreateServeToken, tokensEqual, SERVE_TOKEN_FILE } from './auth/serve-token.js';
export { TOKEN_COOKIE } from './auth/require-token.js';
export { LOOPBACK_HOSTS } from './auth/same-origin-guard.js';
export { startServer, type RunningServer } from './start-server.js';
export { checkServeExposure, isLoopbackHost } from './check-serve-exposure.js';

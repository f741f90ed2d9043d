import pino, { type Logger } from "pino";

// Structured JSON logs. Credentials can only reach a log line through headers or bodies, and
// neither is logged; the redact list is a second line of defence for anything passed by mistake.
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "argus-api" },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        "key",
        "*.key",
        "secret",
        "*.secret",
        "password",
        "*.password",
        "authorization",
        "*.authorization",
        "headers.authorization",
        'headers["x-api-key"]',
        "token",
        "*.token",
      ],
      censor: "[redacted]",
    },
  });
}

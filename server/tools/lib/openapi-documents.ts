import { surfaceA, surfaceB } from "../../routes";

// The two OpenAPI documents the API serves, as files the console's wire types are generated from
// (`npm run openapi:write`, then `npm run openapi:generate`; docs/console.md).

export type DocumentFile = { file: string; text: string };

/** Object keys sorted at every depth, so a document's text changes only when its content does. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/** A document as it is checked in: two-space JSON, sorted keys, a trailing newline. */
export const documentText = (document: unknown) => `${JSON.stringify(sortKeys(document), null, 2)}\n`;

async function served(router: { request: (path: string) => Response | Promise<Response> }, path: string): Promise<unknown> {
  const response = await router.request(path);
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}

/**
 * Both documents, fetched from the surfaces' own routers: the same routes `createApp` mounts, so
 * what is written is what `/v1/openapi.json` and `/api/v1/openapi.json` serve.
 */
export async function servedDocuments(): Promise<DocumentFile[]> {
  return [
    { file: "openapi/surface-a.json", text: documentText(await served(surfaceA(), "/v1/openapi.json")) },
    { file: "openapi/surface-b.json", text: documentText(await served(surfaceB(), "/api/v1/openapi.json")) },
  ];
}

// Loads Swagger UI's standalone bundle from the console's own asset route
// (app/reference/assets/[file]) with a plain <script> tag. It is 1.7 MB and only /reference needs
// it, so it stays out of the app's JavaScript and is fetched once, when the page first asks.

export type SwaggerUiOptions = Record<string, unknown> & { domNode: HTMLElement; spec: unknown };

export type SwaggerUiBundle = ((options: SwaggerUiOptions) => unknown) & {
  presets: { apis: unknown };
};

declare global {
  interface Window {
    SwaggerUIBundle?: SwaggerUiBundle;
  }
}

export const SWAGGER_ASSET_BASE = "/reference/assets";

export function swaggerAssetUrl(file: "swagger-ui-bundle.js" | "swagger-ui.css", version: string): string {
  // The version makes the URL change on upgrade, which is what lets the route cache it for a year.
  return `${SWAGGER_ASSET_BASE}/${file}?v=${encodeURIComponent(version)}`;
}

let pending: Promise<SwaggerUiBundle> | undefined;

export function loadSwaggerUi(version: string): Promise<SwaggerUiBundle> {
  if (window.SwaggerUIBundle) return Promise.resolve(window.SwaggerUIBundle);
  pending ??= new Promise<SwaggerUiBundle>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = swaggerAssetUrl("swagger-ui-bundle.js", version);
    script.async = true;
    script.onload = () => {
      if (window.SwaggerUIBundle) resolve(window.SwaggerUIBundle);
      else fail(new Error("Swagger UI loaded but did not register itself."));
    };
    script.onerror = () => fail(new Error("Swagger UI could not be downloaded."));
    // Forget a failed attempt so "Retry" really retries instead of replaying the rejection.
    const fail = (error: Error) => {
      pending = undefined;
      script.remove();
      reject(error);
    };
    document.head.appendChild(script);
  });
  return pending;
}

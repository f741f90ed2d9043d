"use client";

import { Download } from "lucide-react";
import { useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { API_SURFACE_IDS, API_SURFACES, isApiSurfaceId, specRoute, type ApiSurfaceId } from "@/lib/api-reference/surfaces";
import { SurfacePanel } from "./surface-panel";
import { swaggerAssetUrl } from "./swagger-ui-loader";
import { useSwaggerDarkMode } from "./use-swagger-dark-mode";

type ApiReferenceProps = {
  /** swagger-ui-dist version, used to version the asset URLs. */
  swaggerVersion: string;
};

export function ApiReference({ swaggerVersion }: ApiReferenceProps) {
  const [surface, setSurface] = useState<ApiSurfaceId>("a");
  useSwaggerDarkMode();

  return (
    <>
      {/* React hoists this into <head> and de-duplicates it; precedence orders it after the app CSS. */}
      <link rel="stylesheet" href={swaggerAssetUrl("swagger-ui.css", swaggerVersion)} precedence="swagger-ui" />
      <Tabs value={surface} onValueChange={(value) => isApiSurfaceId(value) && setSurface(value)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label="API surface">
            {API_SURFACE_IDS.map((id) => (
              <TabsTrigger key={id} value={id}>
                {API_SURFACES[id].label}
                <code className="rounded bg-surface-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground">
                  {API_SURFACES[id].basePath}
                </code>
              </TabsTrigger>
            ))}
          </TabsList>
          <a
            href={specRoute(surface)}
            download={`argus-surface-${surface}-openapi.json`}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <Download aria-hidden="true" className="size-4" />
            OpenAPI document (JSON)
          </a>
        </div>
        {/* Only the active panel is mounted: switching surfaces renders that surface afresh. */}
        {API_SURFACE_IDS.map((id) => (
          <TabsContent key={id} value={id} className="mt-5">
            <SurfacePanel surface={id} swaggerVersion={swaggerVersion} />
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}

import { FlaskConical, Radio } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { environmentLabels, type ConsoleEnvironment } from "@/lib/schemas/environment";

/** The environment in words and colour: amber for pre-production, green for production. */
export function EnvironmentBadge({ environment, className }: { environment: ConsoleEnvironment; className?: string }) {
  const production = environment === "production";
  return (
    <Badge tone={production ? "success" : "warning"} className={className}>
      {production ? <Radio aria-hidden="true" /> : <FlaskConical aria-hidden="true" />}
      {environmentLabels[environment]}
    </Badge>
  );
}

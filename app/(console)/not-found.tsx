import { SearchX } from "lucide-react";
import { StatusPage } from "@/components/ui/status-page";

export default function ConsoleNotFound() {
  return (
    <StatusPage
      icon={<SearchX />}
      title="There is no page at this address"
      description="The link may be mistyped, or the page may have moved."
      href="/overview"
      linkLabel="Go to the overview"
    />
  );
}

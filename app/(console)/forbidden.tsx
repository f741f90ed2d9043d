import { ShieldX } from "lucide-react";
import { StatusPage } from "@/components/ui/status-page";

// Rendered (with HTTP 403) when a page's role check fails (lib/auth/guards.ts requireRole).
export default function Forbidden() {
  return (
    <StatusPage
      icon={<ShieldX />}
      title="You do not have access to this page"
      description="Your role does not include it. If you need it for your work, ask an administrator of this console to change your role."
      href="/overview"
      linkLabel="Go to the overview"
    />
  );
}

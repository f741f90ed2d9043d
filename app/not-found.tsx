import { SearchX } from "lucide-react";
import { StatusPage } from "@/components/ui/status-page";

// Outside the console's shell (public pages): the console's pages have their own, with navigation.
export default function NotFound() {
  return (
    <main id="main" tabIndex={-1} className="mx-auto max-w-2xl px-4 py-16 focus:outline-none">
      <StatusPage
        icon={<SearchX />}
        title="There is no page at this address"
        description="The link may be mistyped, or the page may have moved."
        href="/"
        linkLabel="Go to the start page"
      />
    </main>
  );
}

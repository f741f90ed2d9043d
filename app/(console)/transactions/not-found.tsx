import { SearchX } from "lucide-react";
import { StatusPage } from "@/components/ui/status-page";

// A 404 from `GET /v1/transactions/{id}`: ids never cross environments (each listener sees its own), so the
// commonest cause is looking in the other one. It sits above [id] because the existence check runs
// in [id]/layout.tsx, and a layout's notFound() is caught by its parent segment's boundary.
export default function TransactionNotFound() {
  return (
    <StatusPage
      icon={<SearchX />}
      title="No such transaction in this environment"
      description="Check the id. Transactions never cross environments: one scored in production is not visible in pre-production, and the reverse. Switch the environment in the header if it belongs to the other one. Labelled-mode (sandbox) analyses are not transactions and cannot be opened."
      href="/transactions"
      linkLabel="Back to transactions"
    />
  );
}

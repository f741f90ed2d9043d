import { SearchX } from "lucide-react";
import { StatusPage } from "@/components/ui/status-page";

// A 404 from `GET /v1/users/{user_id}`: a user never seen in this environment (no transaction,
// device session, verification or screening here). Above [id], whose layout checks existence.
export default function UserNotFound() {
  return (
    <StatusPage
      icon={<SearchX />}
      title="No such user in this environment"
      description="Check the id. Users are known by what they did in one environment: someone seen only in production is not visible in pre-production, and the reverse. Switch the environment in the header if they belong to the other one."
      href="/transactions"
      linkLabel="Back to transactions"
    />
  );
}

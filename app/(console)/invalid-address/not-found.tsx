import { Unlink } from "lucide-react";
import { StatusPage } from "@/components/ui/status-page";

export default function InvalidAddress() {
  return (
    <StatusPage
      icon={<Unlink />}
      title="This address is not valid"
      description="Part of it is not valid percent-encoding (such as %FF, or a % not followed by two hexadecimal digits), so it cannot name a case, an alert, a transaction or any other page. The link may have been cut or altered; open the item from its list instead."
      href="/overview"
      linkLabel="Go to the overview"
    />
  );
}

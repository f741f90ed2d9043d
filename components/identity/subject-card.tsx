import type { ReactNode } from "react";
import { subjectName } from "@/lib/format/verification";
import { revealHidden } from "@/lib/format/invisible-characters";
import { UserText } from "@/components/ui/user-text";
import { Card } from "@/components/ui/card";

// Field names of the submitted identity (POST /v1/identity/verify) in words; others keep their name.
const labels: Record<string, string> = {
  type: "Type",
  first_name: "First name",
  last_name: "Last name",
  date_of_birth: "Date of birth",
  legal_name: "Legal name",
  registration_number: "Registration number",
  country: "Country",
  address: "Address",
  registered_address: "Registered address",
  document: "Document",
  phone: "Phone",
  email: "E-mail",
  liveness: "Liveness evidence",
};

const documentTypes: Record<string, string> = {
  passport: "Passport",
  drivers_license: "Driving licence",
  national_id: "National identity card",
};

const labelOf = (key: string) => labels[key] ?? key.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());

function renderAddress(value: Record<string, unknown>): ReactNode {
  const parts = [value.line1, value.line2, value.city, value.state, value.postal_code, value.country].filter(
    (p): p is string => typeof p === "string" && p !== "",
  );
  return <UserText value={parts.join(", ")} />;
}

function renderValue(key: string, value: unknown): ReactNode {
  if (value === null || value === undefined || value === "") return <span className="text-muted-foreground">—</span>;
  if (key === "document" && typeof value === "object") {
    const doc = value as Record<string, unknown>;
    return (
      <span className="grid gap-0.5">
        <span>{typeof doc.type === "string" ? (documentTypes[doc.type] ?? <UserText value={doc.type} />) : "Document"}</span>
        {typeof doc.number === "string" ? (
          <span>
            Number <UserText value={doc.number} className="font-mono text-xs" />{" "}
            <span className="text-xs text-muted-foreground">(masked)</span>
          </span>
        ) : null}
        {typeof doc.issuing_country === "string" ? (
          <span>
            Issued by <UserText value={doc.issuing_country} />
          </span>
        ) : null}
        {typeof doc.expiry_date === "string" ? (
          <span>
            Expires <UserText value={doc.expiry_date} />
          </span>
        ) : null}
      </span>
    );
  }
  if ((key === "address" || key === "registered_address") && typeof value === "object")
    return renderAddress(value as Record<string, unknown>);
  if (typeof value === "object") {
    return (
      <span className="grid gap-0.5">
        {Object.entries(value as Record<string, unknown>).map(([k, v]) => (
          <span key={k}>
            {revealHidden(labelOf(k))}: <UserText value={typeof v === "object" ? JSON.stringify(v) : String(v)} />
          </span>
        ))}
      </span>
    );
  }
  if (key === "type") return value === "business" ? "Business" : "Individual";
  return <UserText value={String(value)} />;
}

/** The identity as submitted, as the API stored it (the document number already masked there). */
export function SubjectCard({ subject }: { subject: Record<string, unknown> }) {
  // Known fields in the order of the request (who, where, documents, contact); others after them.
  const order = Object.keys(labels);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const entries = Object.entries(subject).sort(([a], [b]) => rank(a) - rank(b));
  const name = subjectName(subject);
  return (
    <Card as="section" aria-labelledby="subject" className="p-5">
      <h2 id="subject" className="text-base font-semibold">
        Subject
        {name ? (
          <>
            : <UserText value={name} />
          </>
        ) : null}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">The API returned no submitted identity for this verification.</p>
      ) : (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {entries.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">{revealHidden(labelOf(key))}</dt>
              <dd className="min-w-0 break-words">{renderValue(key, value)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

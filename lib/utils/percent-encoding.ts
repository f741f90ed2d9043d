// Next.js decodes each dynamic segment of a page's address with decodeURIComponent; one that is
// not percent-encoded UTF-8 (`%FF`, a cut `%E0%A4%A`, a lone `%`, an encoded surrogate) throws,
// and Next.js answers with its bare "Internal Server Error" page. proxy.ts finds such an address
// first and shows the console's own page instead.

/** Whether some segment of a raw (still encoded) path is not valid percent-encoded UTF-8. */
export function hasMalformedEncoding(rawPath: string): boolean {
  if (!rawPath.includes("%")) return false;
  return rawPath.split("/").some((segment) => {
    if (!segment.includes("%")) return false;
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
}

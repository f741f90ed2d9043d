import { useEffect } from "react";

// Swagger UI ships a dark theme keyed on `html.dark-mode`. The console follows the OS colour
// scheme, so mirror it onto <html> while the reference is on screen, and take it off on the way
// out so the class never leaks into other pages after a client-side navigation.
export function useSwaggerDarkMode(): void {
  useEffect(() => {
    const root = document.documentElement;
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const apply = () => root.classList.toggle("dark-mode", query.matches);
    apply();
    query.addEventListener("change", apply);
    return () => {
      query.removeEventListener("change", apply);
      root.classList.remove("dark-mode");
    };
  }, []);
}

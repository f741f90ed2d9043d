"use client";

import { useRouter } from "next/navigation";
import { useAction } from "next-safe-action/hooks";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { setAvailabilityAction } from "@/lib/actions/set-availability";

/** The analyst's own availability: away analysts get no new cases from auto-assignment. */
export function MyAvailability({ me, availability }: { me: string; availability: "available" | "away" }) {
  const router = useRouter();
  const toggle = useAction(setAvailabilityAction, {
    onSuccess: ({ data }) => {
      toast.success(data?.availability === "away" ? "You are away: no new cases come to you" : "You are available for new cases");
      router.refresh();
    },
    onError: ({ error }) => toast.error(error.serverError?.message ?? "Your availability could not be changed."),
  });
  const away = availability === "away";
  return (
    <span className="flex items-center gap-2 text-sm">
      <Badge tone={away ? "neutral" : "success"}>{away ? "Away" : "Available"}</Badge>
      <Button
        variant="secondary"
        size="sm"
        disabled={toggle.isPending}
        onClick={() => toggle.execute({ id: me, availability: away ? "available" : "away" })}
      >
        {away ? "Set me available" : "Set me away"}
      </Button>
    </span>
  );
}

"use client";

import { Download } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateInput } from "@/components/ui/date-input";
import { Label } from "@/components/ui/label";

const FILES = [
  { path: "tasks.csv", label: "Tasks (CSV)" },
  { path: "usage.csv", label: "Usage by day (CSV)" },
  { path: "tasks.json", label: "Tasks (JSON)" },
  { path: "usage.json", label: "Usage by day (JSON)" },
] as const;

/** The export links for a period (UTC dates, both inclusive; empty for an open end). CSVs carry a BOM so Excel reads UTF-8. */
export function exportHref(path: string, { from, to }: { from: string; to: string }): string {
  const query = new URLSearchParams();
  if (from) query.set("from", from);
  if (to) query.set("to", to);
  if (path.endsWith(".csv")) query.set("bom", "1");
  return `/api/exports/${path}?${query.toString()}`;
}

/** Download buttons for the tasks and the daily usage, starting at the page's period. Files stream: any size works. */
export function ExportCard({ since }: { since: string | null }) {
  const id = useId();
  const [from, setFrom] = useState(since ? since.slice(0, 10) : "");
  const [to, setTo] = useState("");
  const backwards = from !== "" && to !== "" && from > to;
  return (
    <Card className="render-when-near">
      <CardHeader>
        <CardTitle>Export</CardTitle>
        <CardDescription>
          One row per task (member, model, settings, prompt, status and credits), or per day, member, model and access token. Dates are UTC
          and both ends are included; leave one empty for no limit.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-4">
          <div className="grid w-48 gap-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <DateInput
              id={`${id}-from`}
              calendarLabel="Calendar for the first day"
              placeholder="No limit"
              value={from}
              onChange={setFrom}
            />
          </div>
          <div className="grid w-48 gap-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <DateInput
              id={`${id}-to`}
              calendarLabel="Calendar for the last day"
              placeholder="No limit"
              value={to}
              onChange={setTo}
              aria-invalid={backwards || undefined}
            />
          </div>
        </div>
        {backwards ? (
          <p className="text-sm text-danger" role="alert">
            The period ends before it starts: put “To” on or after “From”.
          </p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {FILES.map((file) => (
              <Button key={file.path} asChild variant="outline" size="sm">
                <a href={exportHref(file.path, { from, to })} download>
                  <Download aria-hidden />
                  {file.label}
                </a>
              </Button>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

"use client";
// The workload as a chart: each person's active projects, with what is due this week and next, the overdue items
// and those in a round of changes beside them.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface WorkloadBar {
  name: string;
  active: number;
  dueThisWeek: number;
  dueNextWeek: number;
  inChanges: number;
  overdue: number;
}

// The legend in the bars' order (recharts sorts it alphabetically otherwise).
const SERIES = ["active", "dueThisWeek", "dueNextWeek", "overdue", "inChanges"];
const bySeries = (item: { dataKey?: unknown }) => SERIES.indexOf(String(item.dataKey));

export function WorkloadChart({ data }: { data: WorkloadBar[] }) {
  return (
    <div
      className="h-64 w-full"
      data-testid="workload-chart"
      role="img"
      aria-label="Per person: active projects, due this week, due next week, overdue, in changes"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} interval={0} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={bySeries} />
          <Bar dataKey="active" name="Active" fill="var(--color-primary, #2563eb)" radius={[4, 4, 0, 0]} />
          <Bar dataKey="dueThisWeek" name="Due this week" fill="#0891b2" radius={[4, 4, 0, 0]} />
          <Bar dataKey="dueNextWeek" name="Due next week" fill="#7c3aed" radius={[4, 4, 0, 0]} />
          <Bar dataKey="overdue" name="Overdue" fill="#dc2626" radius={[4, 4, 0, 0]} />
          <Bar dataKey="inChanges" name="In changes" fill="#f59e0b" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

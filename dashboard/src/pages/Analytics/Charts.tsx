import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';

// recharts is large: this module is only ever imported lazily (see LazyCharts.tsx), so its
// chunk loads when a chart is on screen, never with the first page.

/** One bucket as the charts draw it; `label` is the bucket's start, formatted for the axis. */
export interface ChartPoint {
  label: string;
  requests: number;
  errors: number;
  active_users: number;
}

export interface SeriesNames {
  requests: string;
  errors: string;
  activeUsers: string;
}

const AXIS_TICK = { fontSize: 12 };

/** Requests and errors over the period, as two areas. */
export function TrafficChart({
  data,
  names,
  title,
  height = 260,
}: {
  data: ChartPoint[];
  names: SeriesNames;
  title: string;
  height?: number;
}) {
  const theme = useTheme();
  return (
    <AreaChart
      responsive
      style={{ width: '100%', height }}
      data={data}
      title={title}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
      <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={24} />
      <YAxis allowDecimals={false} tick={AXIS_TICK} width={44} />
      <Tooltip />
      <Legend />
      <Area
        type="monotone"
        dataKey="requests"
        name={names.requests}
        stroke={theme.colors.primary}
        fill={theme.colors.primary}
        fillOpacity={0.15}
        isAnimationActive={false}
      />
      <Area
        type="monotone"
        dataKey="errors"
        name={names.errors}
        stroke={theme.colors.danger}
        fill={theme.colors.danger}
        fillOpacity={0.2}
        isAnimationActive={false}
      />
    </AreaChart>
  );
}

/** Distinct active users per bucket. */
export function UsersChart({
  data,
  names,
  title,
  height = 260,
}: {
  data: ChartPoint[];
  names: SeriesNames;
  title: string;
  height?: number;
}) {
  const theme = useTheme();
  return (
    <LineChart
      responsive
      style={{ width: '100%', height }}
      data={data}
      title={title}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
      <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={24} />
      <YAxis allowDecimals={false} tick={AXIS_TICK} width={44} />
      <Tooltip />
      <Legend />
      <Line
        type="monotone"
        dataKey="active_users"
        name={names.activeUsers}
        stroke={theme.colors.success}
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
    </LineChart>
  );
}

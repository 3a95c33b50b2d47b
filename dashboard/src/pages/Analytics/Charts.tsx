import { Area, AreaChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme, type DefaultTheme } from 'styled-components';

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
const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };

interface ChartProps {
  data: ChartPoint[];
  names: SeriesNames;
  title: string;
  height?: number;
}

/** What both charts share: size, data, title and margin of the chart element. */
function frame({ data, title, height = 260 }: ChartProps) {
  return { responsive: true, style: { width: '100%', height }, data, title, margin: MARGIN };
}

/** Grid, axes, tooltip and legend, the same in both charts. */
function gridAndAxes(theme: DefaultTheme) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke={theme.colors.border} />,
    <XAxis key="x" dataKey="label" tick={AXIS_TICK} minTickGap={24} />,
    <YAxis key="y" allowDecimals={false} tick={AXIS_TICK} width={44} />,
    <Tooltip key="tooltip" />,
    <Legend key="legend" />,
  ];
}

/** Requests and errors over the period, as two areas. */
export function TrafficChart(props: ChartProps) {
  const theme = useTheme();
  const { names } = props;
  return (
    <AreaChart {...frame(props)}>
      {gridAndAxes(theme)}
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
export function UsersChart(props: ChartProps) {
  const theme = useTheme();
  const { names } = props;
  return (
    <LineChart {...frame(props)}>
      {gridAndAxes(theme)}
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

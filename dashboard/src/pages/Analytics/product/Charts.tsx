import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';

// recharts is large: this module is only imported lazily (parts.tsx), so its chunk loads when a
// chart is on screen, never with the first page.

export interface Series {
  key: string;
  name: string;
  tone: 'primary' | 'success' | 'warning' | 'danger' | 'muted';
  /** Bars of one stack are drawn on top of each other. */
  stack?: string;
}

interface ChartProps {
  data: Array<Record<string, string | number | null>>;
  series: Series[];
  /** The data key of the category axis. */
  category: string;
  title: string;
  height: number;
  /** Bars lie along a vertical category axis (long labels such as page paths). */
  horizontal?: boolean;
  percent?: boolean;
}

const AXIS_TICK = { fontSize: 12 };
const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 };

function useColors() {
  const theme = useTheme();
  return {
    primary: theme.colors.primary,
    success: theme.colors.success,
    danger: theme.colors.danger,
    warning: '#d97706',
    muted: '#64748b',
  };
}

export function BarsChart({
  data,
  series,
  category,
  title,
  height,
  horizontal = false,
  percent = false,
}: ChartProps) {
  const theme = useTheme();
  const colors = useColors();
  const format = percent ? (value: number) => `${value} %` : undefined;
  return (
    <BarChart
      responsive
      style={{ width: '100%', height }}
      data={data}
      title={title}
      margin={MARGIN}
      layout={horizontal ? 'vertical' : 'horizontal'}
      stackOffset="sign"
    >
      <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
      {horizontal ? (
        <>
          <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} tickFormatter={format} />
          <YAxis type="category" dataKey={category} tick={AXIS_TICK} width={120} />
        </>
      ) : (
        <>
          <XAxis dataKey={category} tick={AXIS_TICK} minTickGap={8} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} width={44} tickFormatter={format} />
        </>
      )}
      <Tooltip />
      <Legend />
      {series.map((entry) => (
        <Bar
          key={entry.key}
          dataKey={entry.key}
          name={entry.name}
          fill={colors[entry.tone]}
          stackId={entry.stack}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}

export function LinesChart({ data, series, category, title, height, percent = false }: ChartProps) {
  const theme = useTheme();
  const colors = useColors();
  return (
    <LineChart responsive style={{ width: '100%', height }} data={data} title={title} margin={MARGIN}>
      <CartesianGrid strokeDasharray="3 3" stroke={theme.colors.border} />
      <XAxis dataKey={category} tick={AXIS_TICK} minTickGap={8} />
      <YAxis
        allowDecimals={false}
        tick={AXIS_TICK}
        width={44}
        tickFormatter={percent ? (value: number) => `${value} %` : undefined}
      />
      <Tooltip />
      <Legend />
      {series.map((entry) => (
        <Line
          key={entry.key}
          type="monotone"
          dataKey={entry.key}
          name={entry.name}
          stroke={colors[entry.tone]}
          strokeWidth={2}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}

import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/*
 * The one place that registers Chart.js pieces: only the controllers, elements, scales and
 * plugins the admin charts use, so the bundle tree-shakes the rest. Imported only by the chart
 * components here, which only admin route chunks import (the public pages never load Chart.js).
 */
Chart.register(
  LineController,
  BarController,
  DoughnutController,
  CategoryScale,
  LinearScale,
  PointElement,
  LineElement,
  BarElement,
  ArcElement,
  Tooltip,
  Legend,
  Filler,
);

Chart.defaults.font.family =
  "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
// Text and grid colours follow the theme: each chart sets them from colors.ts's chartTheme().

export { Chart };

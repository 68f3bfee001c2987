// Types of parse-prometheus-text-format (the package ships none): the
// metric families of a Prometheus text exposition.
declare module 'parse-prometheus-text-format' {
  type Labels = Record<string, string>;
  export type Family = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: {
      value?: string;
      labels?: Labels;
      buckets?: Record<string, string>;
      count?: string;
      sum?: string;
    }[];
  };
  export default function parsePrometheusTextFormat(text: string): Family[];
}

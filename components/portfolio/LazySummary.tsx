/** The summary line, loaded after the popup's first view (it needs zod); nothing shows until then. */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { PageContext } from '../page/context';

type SummaryProps = { page: PageContext; closeAfterOpening: boolean };

export function LazySummary(props: SummaryProps) {
  const [Summary, setSummary] = useState<ComponentType<SummaryProps> | null>(null);
  useEffect(() => {
    void import('./PortfolioSummary').then(
      (module) => setSummary(() => module.PortfolioSummary),
      () => undefined,
    );
  }, []);
  return Summary ? <Summary {...props} /> : null;
}

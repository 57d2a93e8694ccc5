/**
 * The summary line, loaded after the popup's first view (it needs zod). Until it arrives, the line
 * it shows first ("12 buildings · open the portfolio") stands in its place, from the building list
 * the first view holds: nothing in the first view waits for it, and nothing moves when it comes.
 */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { valueOf } from '../../lib/loadable';
import type { PageContext } from '../page/context';
import { SummaryLine, offerText } from './summary-line';

type SummaryProps = { page: PageContext; closeAfterOpening: boolean };

const loadSummary = () => import('./PortfolioSummary');

export function LazySummary(props: SummaryProps) {
  const [Summary, setSummary] = useState<ComponentType<SummaryProps> | null>(null);
  useEffect(() => {
    void loadSummary().then(
      (module) => setSummary(() => module.PortfolioSummary),
      () => undefined,
    );
  }, []);
  if (Summary) return <Summary {...props} />;
  const buildings = valueOf(props.page.buildings.list.value);
  if (!buildings || buildings.length === 0) return null;
  const open = () => void loadSummary().then((module) => module.openPortfolio(props.closeAfterOpening));
  return <SummaryLine text={offerText(buildings.length)} onOpen={open} />;
}

// What every dividend list page shows above its list: the five tabs, the simulated note and the
// page's own intro.
import type { ReactNode } from 'react';
import { kit as styles } from '@kabuto/shared-sdk/ui';
import { DividendTabs, type DividendTab } from './DividendTabs';
import { SimulatedNote } from './Notes';

export function ListFrame({ active, intro, testId, children }: { active: DividendTab; intro: string; testId: string; children: ReactNode }) {
  return (
    <div className={styles.page} data-testid={testId}>
      <DividendTabs active={active} />
      <SimulatedNote />
      <p className={styles.intro}>{intro}</p>
      {children}
    </div>
  );
}

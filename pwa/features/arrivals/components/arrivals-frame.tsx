/**
 * The arrivals screen's title, and the frame drawn with it while the screen's code (and the offline
 * layer, Dexie) is still downloading. The frame is part of the main bundle (a few hundred bytes), so a
 * greeter opening the screen sees its title as soon as the app starts instead of after the second
 * download (the title is the screen's largest paint; docs/quality.md).
 */
import { PageSpinner } from '../../../components/spinner';

export function ArrivalsHeader() {
  return (
    <div className="page-header">
      <h1>Flight Arrivals Dashboard</h1>
    </div>
  );
}

export function ArrivalsFrame() {
  return (
    <div className="page arrivals-page">
      <ArrivalsHeader />
      <PageSpinner label="Loading arrivals..." />
    </div>
  );
}

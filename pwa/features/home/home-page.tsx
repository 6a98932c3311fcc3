/**
 * Home (docs/product.md#screens, `/`): the event at a glance, registration closed to the public ('Registration
 * Coming Soon', disabled), a way to check an existing registration, highlights and pricing. Event
 * facts and prices come from GET /api/config, so next year's reunion needs no release.
 */
import { Link } from 'react-router-dom';
import { useEvent, useAgeLabels } from '../../lib/public-config';
import { formatDate, formatMoney } from '../../lib/format';
import { AGE_CATEGORIES } from '../../../shared/constants';
import { fromCents } from '../../../shared/pricing';

export default function HomePage() {
  const ageLabels = useAgeLabels();
  const event = useEvent();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        {/* not the event's title again: the top bar shows it, and one text is found once on a page */}
        <h1 id="hero-title">Welcome</h1>
        <ul className="hero-facts">
          <li>
            <span className="fact-label">Dates</span>
            <span className="fact-value">{event.datesLabel}</span>
          </li>
          <li>
            <span className="fact-label">Attendees</span>
            <span className="fact-value">{event.expectedAttendees} Expected</span>
          </li>
          <li>
            <span className="fact-label">Venue</span>
            <span className="fact-value">
              {event.venue}, {event.location}
            </span>
          </li>
        </ul>
        <div className="hero-actions">
          <button type="button" className="btn btn-primary" disabled>
            Registration Coming Soon
          </button>
          <Link to="/check-registration" className="btn btn-secondary">
            Check Registration
          </Link>
        </div>
      </section>

      <section className="section" aria-labelledby="highlights-title">
        <h2 id="highlights-title">Event Highlights</h2>
        <div className="cards">
          {event.highlights.map((h) => (
            <article key={h.title} className="card highlight">
              <h3>{h.title}</h3>
              <p>{h.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="pricing-title">
        <h2 id="pricing-title">Registration Pricing</h2>
        <div className="cards pricing">
          {AGE_CATEGORIES.map((c) => (
            <div key={c} className="card price">
              <h3>{ageLabels[c]}</h3>
              <p className="price-amount">{formatMoney(fromCents(event.prices[c]))}</p>
              <p className="price-unit">per person</p>
            </div>
          ))}
        </div>
        {event.lateFeeCents > 0 && (
          <p className="note">
            A late fee of {formatMoney(fromCents(event.lateFeeCents))} applies to registrations made after {formatDate(event.lateFeeAfter)}.
          </p>
        )}
      </section>
    </div>
  );
}

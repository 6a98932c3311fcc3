/** Loading indicators: an inline spinner and a centred one for whole pages (docs/product.md#screens protected routes). */

export function Spinner({ label = 'Loading...', size = 24 }: { label?: string; size?: number }) {
  return (
    <span className="spinner" role="status" style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

export function PageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} size={40} />
    </div>
  );
}
